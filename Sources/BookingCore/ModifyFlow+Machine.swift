// The modification of a booking's dates in the shape every flow has
// (`FlowMachine`), with the sample events the diagram and the generic
// checks explore it with.
extension ModifyFlow: FlowMachine {
    package static let flowName = "modify"

    /// The words this flow logged until 2026-12-06, before the change flows
    /// took one word per stage: `checkingRefusal` is `readingCurrent` (as
    /// a cancellation's), `failed` is `notSent` (as a cancellation's and the
    /// outcome's), `done` is `modified` (as the outcome is).
    package static var formerStageNames: [String: String] {
        ["checkingRefusal": "readingCurrent", "failed": "notSent", "done": "modified"]
    }

    package static var stageNames: [String] {
        [
            "idle", "quoting", "quoted", "recording", "sending", "unknown", "renewing", "saving", "readingCurrent",
            "modified", "refused", "notSent", "wentBack", "leftOpen",
        ]
    }

    /// Every event of the table, with sample values: the booking at the
    /// version sent, modified, changed otherwise, cancelled; each way a
    /// quote, a save, a post or a lookup can fail.
    package static func sampleEvents(for state: State) -> [Event] {
        let quote = Samples.quote
        let newer = Version(rawValue: quote.version.rawValue + 1) ?? quote.version
        return [
            .started(Samples.change),
            .resumed(Samples.request),
            .quoteReceived(quote),
            .quoteRefused(code: "SOLD_OUT", message: "no room on these dates"),
            .quoteFailed("the server cannot be reached"),
            .accepted,
            .wentBack,
            .recorded(Samples.request),
            .recordFailed("disk full"),
            .answered(Reading(status: .confirmed, version: newer, checkIn: quote.checkIn, checkOut: quote.checkOut)),
            .answered(Samples.before),
            .postFailed(.notSent("the server cannot be reached")),
            .postFailed(.rejected(code: "VERSION_CHANGED", message: "the booking changed")),
            .requoted(Samples.requote),
            .postFailed(.waitRequested("the server asked to wait")),
            .postFailed(.lost("no answer")),
            .postFailed(.keySpent("the server replays a failure it stored for the key")),
            .lookedUp(Reading(status: .confirmed, version: newer, checkIn: quote.checkIn, checkOut: quote.checkOut)),
            .lookedUp(Samples.before),
            .lookedUp(
                Reading(
                    status: .confirmed, version: newer, checkIn: Samples.before.checkIn,
                    checkOut: Samples.before.checkOut)),
            .lookedUp(
                Reading(
                    status: .cancelled, version: newer, checkIn: Samples.before.checkIn,
                    checkOut: Samples.before.checkOut)),
            .lookUpFailed("the server cannot be reached"),
            .renewed(Samples.renewed),
            .renewFailed("disk full"),
            .saved,
            .saveFailed("disk full"),
        ]
    }

    /// Sample values for the table and the tests.
    package enum Samples {
        private static let euro = CurrencyCode("EUR")!

        /// `booking-1` from 2026-11-03..06 to 2026-11-03..07.
        package static let change = DateChange(
            bookingID: BookingID("booking-1"), checkIn: CalendarDate("2026-11-03")!,
            checkOut: CalendarDate("2026-11-07")!)

        /// The quote for `change` at version 1: 400.00 EUR, 100.00 more.
        package static let quote = Quote(
            quoteID: "mq-1", bookingID: change.bookingID, version: Version(rawValue: 1)!, checkIn: change.checkIn,
            checkOut: change.checkOut, total: Money(minorUnits: 40_000, currency: euro),
            difference: Money(minorUnits: 10_000, currency: euro))

        /// A new quote for the same dates after `quote` expired.
        package static let requote = Quote(
            quoteID: "mq-2", bookingID: change.bookingID, version: quote.version, checkIn: change.checkIn,
            checkOut: change.checkOut, total: quote.total, difference: quote.difference)

        /// A request for `quote` under `modify-key-1`.
        package static let request = Request(quote: quote, key: IdempotencyKey("modify-key-1"))

        /// `request` saved again under `modify-key-2`.
        package static let renewed = Request(quote: quote, key: IdempotencyKey("modify-key-2"))

        /// The booking as it was: confirmed at version 1 on 2026-11-03..06.
        package static let before = Reading(
            status: .confirmed, version: quote.version, checkIn: change.checkIn,
            checkOut: CalendarDate("2026-11-06")!)
    }
}
