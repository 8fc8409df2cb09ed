// The booking flow in the shape every flow has (`FlowMachine`): what the
// diagram and the generic checks need, from the flow's own declarations.
extension BookingFlow.Stage: NamedStage {}
extension BookingFlow: FlowMachine {
    package static let flowName = "booking"

    package static var stageNames: [String] {
        [
            "browsing", "offerChosen", "requestingHold", "held", "checkingHold", "priceChanged", "submitting",
            "unknown", "actionRequired", "processing", "confirmed", "failed", "expired", "cancelled", "notPaid",
            "signInRequired",
        ]
    }

    /// The stages that settle an attempt (`Stage.isFinal`), without
    /// exploring the reducer; `DiagramTests` holds it equal to the diagram's.
    package static let finalStageNames = ["confirmed", "failed", "expired", "cancelled", "notPaid"]

    package static func stage(of state: State) -> Stage { state.stage }

    /// The results list with the lead guest's details filled in, as a
    /// checkout screen has them before Pay (without them Pay changes nothing).
    package static var explorationStart: State { State(stage: .browsing, guest: Samples.guest) }

    package static func effectName(of effect: Effect) -> String { effect.logName }

    /// What a log keeps instead of a payment token.
    package static let redactedPlaceholder = "[redacted]"

    /// The event with its payment token and the guest's details removed.
    package static func loggable(_ event: Event) -> Event {
        if case .payTapped(_, let now) = event { return .payTapped(PaymentToken(redactedPlaceholder), now: now) }
        if case .guestEntered(let guest?) = event {
            // Kept as valid or not, so a replay enables Pay as it was.
            let email = guest.problem == nil ? "redacted@example.com" : redactedPlaceholder
            return .guestEntered(GuestDetails(name: redactedPlaceholder, email: email))
        }
        return event
    }
}
