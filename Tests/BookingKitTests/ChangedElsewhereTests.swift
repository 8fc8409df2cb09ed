import BookingCore
import Testing

@testable import BookingKit

/// What `changedElsewhere()` says, from the flow's stage and the saved row.
@Suite struct ChangedElsewhereTests {
    private let attempt = BookingFlow.Attempt(
        id: AttemptID("a1"), key: IdempotencyKey("k1"), offerID: OfferID("o1"), quoteID: QuoteID("q1"))

    private func saved(_ phase: AttemptPhase) -> SavedAttempt {
        SavedAttempt(attempt: attempt, phase: phase, createdAtMilliseconds: 0)
    }

    /// The countdown ran out on this device while the server's read still
    /// had time left: this flow saved the attempt abandoned and released the
    /// room. Seen in CI (TerminalTests): the CLI said "This hold was replaced
    /// by a newer one started elsewhere on this device" after its own
    /// countdown ended.
    @Test func aHoldThisFlowGaveUpWhenItsCountdownEndedIsNotReplacedElsewhere() {
        let expired = BookingFlow.Stage.expired(BookingFlow.Expired(attempt: attempt, offer: nil, version: nil))
        #expect(ChangedElsewhere.compare(expired, saved: saved(.abandoned)) == nil)
        #expect(ChangedElsewhere.compare(expired, saved: saved(.expired)) == nil)
    }

    @Test func aHeldAttemptAbandonedByAnotherProcessWasReplaced() {
        let held = BookingFlow.Stage.checkingHold(
            BookingFlow.CheckingHold(attempt: attempt, offer: nil, holdID: HoldID("h1"), readPending: true))
        #expect(ChangedElsewhere.compare(held, saved: saved(.abandoned)) == .replaced)
    }

    @Test func anExpiredAttemptPaidByAnotherProcessIsStillToldAsPaid() {
        let expired = BookingFlow.Stage.expired(BookingFlow.Expired(attempt: attempt, offer: nil, version: nil))
        #expect(
            ChangedElsewhere.compare(expired, saved: saved(.confirmed)) == .paid(.confirmed, bookingID: nil))
    }
}
