import BookingCore
import Testing

/// Guest details as an input of the booking flow: Pay is disabled with a
/// reason until they are valid, a Pay tap without them changes nothing and
/// sends nothing, and the trimmed details are saved with the payment's
/// status before it is sent. The one rule (`GuestDetails.problem`) names
/// the field and says why in a traveller's words.
@Suite struct GuestFlowTests {
    typealias Flow = BookingFlow
    typealias S = BookingFlow.Samples

    /// The held fixture with `guest` as the form holds it.
    static func held(guest: GuestDetails?) -> Flow.State {
        Flow.reduce(Fix.held(), .guestEntered(guest)).state
    }

    static func pay(_ state: Flow.State) -> Flow.ActionState? { state.actions.first { $0.action == .pay } }

    @Test func payIsDisabledWithAReasonUntilTheDetailsAreValidThenEnabled() {
        let none = Self.held(guest: nil)
        #expect(Self.pay(none) == .disabled(.pay, because: "Enter the lead guest's name and email"))
        let noEmail = Self.held(guest: GuestDetails(name: "Ana Silva", email: "ana@example"))
        #expect(Self.pay(noEmail) == .disabled(.pay, because: "Enter an email address like name@example.com."))
        let valid = Self.held(guest: GuestDetails(name: "  Ana Silva ", email: "ana@example.com"))
        #expect(Self.pay(valid) == .enabled(.pay))
    }

    @Test(arguments: [
        GuestDetails?.none, GuestDetails(name: "", email: "ana@example.com"),
        GuestDetails(name: String(repeating: "a", count: 500), email: "ana@example.com"),
        GuestDetails(name: "Ana\u{0007}Silva", email: "ana@example.com"),
        GuestDetails(name: "Ana \u{202E}avliS", email: "ana@example.com"),
        GuestDetails(name: "Ana Silva", email: "ana@"),
    ])
    func payWithInvalidDetailsChangesNothingAndSendsNothing(guest: GuestDetails?) {
        let state = Self.held(guest: guest)
        let (next, effects) = Flow.reduce(state, .payTapped(S.token, now: Fix.t(30)))
        #expect(next == state)
        #expect(effects.isEmpty)
    }

    @Test func theTrimmedDetailsAreSavedWithTheStatusBeforeThePaymentLeaves() {
        let typed = GuestDetails(name: " Ana Silva\n", email: "ana@example.com ", phone: "", arrivalTime: "18:30")
        let (next, effects) = Flow.reduce(Self.held(guest: typed), .payTapped(S.token, now: Fix.t(30)))
        let saved = GuestDetails(name: "Ana Silva", email: "ana@example.com", arrivalTime: "18:30")
        #expect(next.stage.kind == .submitting)
        #expect(
            effects == [
                .saveAttemptStatus(AttemptChange(attemptID: Fix.a1, phase: .paymentSubmitted, guest: saved)),
                .pay(Flow.PaymentRequest(attempt: Fix.attempt1, holdID: S.holdID, token: S.token)),
            ])
    }

    @Test(arguments: [
        (GuestDetails(name: "   ", email: "ana@example.com"), "name", "Enter the lead guest's name."),
        (
            GuestDetails(name: String(repeating: "é", count: 201), email: "ana@example.com"), "name",
            "Shorten the lead guest's name to 200 characters at most."
        ),
        (
            GuestDetails(name: "Ana\nSilva", email: "ana@example.com"), "name",
            "Type the lead guest's name again: it holds a hidden control character."
        ),
        (
            GuestDetails(name: "Ana \u{2067}Silva", email: "ana@example.com"), "name",
            "Type the lead guest's name again: it holds a hidden control character."
        ),
        (GuestDetails(name: "Ana", email: "ana.example.com"), "email", "Enter an email address like name@example.com."),
        (GuestDetails(name: "Ana", email: "ana@localhost"), "email", "Enter an email address like name@example.com."),
        (
            GuestDetails(name: "Ana", email: "a@b.co", phone: "call me"), "phone",
            "Enter a phone number of digits, like +351 912 345 678."
        ),
        (
            GuestDetails(name: "Ana", email: "a@b.co", specialRequest: String(repeating: "x", count: 501)),
            "specialRequest", "Shorten the request to 500 characters at most."
        ),
        (
            GuestDetails(name: "Ana", email: "a@b.co", arrivalTime: "24:00"), "arrivalTime",
            "Enter the arrival time as HH:MM, like 18:30."
        ),
    ])
    func eachProblemNamesItsFieldAndSaysWhy(guest: GuestDetails, field: String, message: String) {
        #expect(guest.problem == GuestDetails.Problem(field: field, message: message))
    }

    @Test func validDetailsPassWithOrWithoutTheOptionalFields() {
        #expect(GuestDetails(name: String(repeating: "é", count: 200), email: "a@b.co").problem == nil)
        let full = GuestDetails(
            name: "Ana Silva", email: "ana@example.com", phone: "+351 (912) 345-678",
            specialRequest: "A quiet room", arrivalTime: "23:59")
        #expect(full.problem == nil)
        #expect(full.trimmed == full)
    }

    @Test func anEventLogKeepsWhetherTheDetailsWereValidButNotThem() {
        let valid = Flow.loggable(.guestEntered(S.guest))
        let invalid = Flow.loggable(.guestEntered(GuestDetails(name: "Ana Silva", email: "ana")))
        guard case .guestEntered(let kept?) = valid, case .guestEntered(let keptInvalid?) = invalid else {
            Issue.record("the event was not kept as guestEntered")
            return
        }
        #expect(kept.name != S.guest.name && kept.email != S.guest.email && kept.problem == nil)
        #expect(keptInvalid.problem != nil && keptInvalid.email != "ana")
    }
}
