// The cancellation in the shape every flow has (`FlowMachine`), with the
// sample events the diagram and the generic checks explore it with.
extension CancelFlow: FlowMachine {
    package static let flowName = "cancel"

    /// The words this flow logged until 2026-12-06, before the change flows
    /// took one word per stage: `lookingUp` is `unknown`, as a payment's and
    /// a change of dates' outcome not known yet.
    package static var formerStageNames: [String: String] { ["lookingUp": "unknown"] }

    package static var stageNames: [String] {
        [
            "idle", "sending", "unknown", "renewing", "readingCurrent", "saving", "cancelled", "refused", "notSent",
            "leftOpen",
        ]
    }

    /// Every event of the table, with sample values: the booking at the
    /// version sent, cancelled, confirmed at the version sent and at a
    /// newer one, expired; each way a post or a lookup can fail.
    package static func sampleEvents(for state: State) -> [Event] {
        let sent = Samples.request.version
        let newer = Version(rawValue: sent.rawValue + 1) ?? sent
        return [
            .started(Samples.request, resumed: false),
            .started(Samples.request, resumed: true),
            .answered(Reading(status: .cancelled, version: newer)),
            .answered(Reading(status: .confirmed, version: sent)),
            .postFailed(.notSent("the server cannot be reached")),
            .postFailed(.rejected(code: "BOOKING_NOT_CANCELLABLE", message: "not cancellable")),
            .postFailed(.waitRequested("the server asked to wait")),
            .postFailed(.lost("no answer")),
            .postFailed(.keySpent("the server replays a failure it stored for the key")),
            .lookedUp(Reading(status: .cancelled, version: newer)),
            .lookedUp(Reading(status: .confirmed, version: sent)),
            .lookedUp(Reading(status: .confirmed, version: newer)),
            .lookedUp(Reading(status: .expired, version: newer)),
            .lookUpFoundNothing,
            .lookUpFailed("the server cannot be reached"),
            .renewed(Samples.renewed),
            .renewFailed("disk full"),
            .currentRead(Reading(status: .confirmed, version: newer)),
            .currentRead(Reading(status: .cancelled, version: newer)),
            .currentRead(nil),
            .saved,
            .saveFailed("disk full"),
        ]
    }

    /// Sample values for the table and the tests.
    package enum Samples {
        /// A request for `booking-1` at version 1 under `cancel-key-1`.
        package static let request = Request(
            bookingID: BookingID("booking-1"), version: Version(rawValue: 1)!, key: IdempotencyKey("cancel-key-1"))

        /// `request` saved again under `cancel-key-2`.
        package static let renewed = Request(
            bookingID: request.bookingID, version: request.version, key: IdempotencyKey("cancel-key-2"))
    }
}
