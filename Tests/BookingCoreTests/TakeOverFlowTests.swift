import BookingCore
import Testing

/// "Pay it here" on a room the account holds from another device, in the
/// pure flow: the new attempt is saved on that hold before the hold is
/// read, and nothing is saved or sent while this flow asks for a hold or
/// pays one.
struct TakeOverFlowTests {
    typealias S = BookingFlow.Samples
    static let elsewhere = HoldID("hold-elsewhere")
    static let attempt = BookingFlow.Attempt(
        id: AttemptID("taken-1"), key: IdempotencyKey("taken-key-1"), offerID: S.offerID, quoteID: S.quote.id)

    static func run(_ events: [BookingFlow.Event]) -> BookingFlow.State {
        events.reduce(BookingFlow.initialState) { BookingFlow.reduce($0, $1).state }
    }

    static let held: BookingFlow.State = run([
        .guestEntered(S.guest), .offerChosen(S.offer),
        .holdTapped(attempt: AttemptID("own-1"), key: IdempotencyKey("own-key-1")),
        .holdGranted(AttemptID("own-1"), S.hold, sentAt: S.sentAt, receivedAt: S.sentAt.advanced(by: .seconds(1))),
    ])

    @Test("from the results or a held room: the attempt saved on the hold, then the hold read; its own room given up")
    func takenFromRestingScreens() {
        for state in [BookingFlow.initialState, Self.held] {
            let (next, effects) = BookingFlow.reduce(state, .takeOverTapped(Self.attempt, hold: Self.elsewhere))
            #expect(next.stage.kind == .checkingHold)
            #expect(next.stage.attemptID == Self.attempt.id)
            #expect(
                effects == [
                    .saveAttemptOnHold(Self.attempt, Self.elsewhere), .readHold(Self.attempt.id, Self.elsewhere),
                ])
        }
    }

    @Test("while the payment is out, or offline: nothing changes, nothing is saved or sent")
    func refusedWhilePayingOrOffline() {
        let paying = BookingFlow.reduce(Self.held, .payTapped(S.token, now: S.sentAt.advanced(by: .seconds(2)))).state
        #expect(paying.stage.kind == .submitting)
        let offline = BookingFlow.reduce(Self.held, .wentOffline).state
        for state in [paying, offline] {
            let (next, effects) = BookingFlow.reduce(state, .takeOverTapped(Self.attempt, hold: Self.elsewhere))
            #expect(next == state)
            #expect(effects.isEmpty)
        }
    }

    @Test("a hold read as booked by another device ends the attempt booked elsewhere, with Back only")
    func bookedElsewhere() {
        let (next, effects) = BookingFlow.reduce(Self.held, .holdReadFailed(AttemptID("own-1"), .bookedElsewhere))
        guard case .failed(let failed) = next.stage else {
            Issue.record("\(next.stage.name)")
            return
        }
        #expect(failed.reason == .bookedElsewhere)
        #expect(effects.isEmpty)
        #expect(next.enabledActions == [.back])
        #expect(next.title == "Booked on another device")
    }
}
