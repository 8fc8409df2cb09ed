import Foundation

/// How a hold ended: what `BookingClient.hold(_:)`, `acceptNewPrice()` and
/// `retry()` return once the server has answered (or certainly will not).
/// No money moves in any of these; switch on it to pick the next screen.
///
/// ```swift
/// switch try await client.hold(offer) {
/// case .held(let held): showPayment(price: held.hold.price)
/// case .soldOut: showResults()  // the offer is marked sold out
/// case .priceChanged(let change): askToAccept(change.newQuote.price)  // then acceptNewPrice()
/// case .waitRequested(let until): showRetry(after: until)  // then retry()
/// case .failed, .expired: showRetry(after: nil)  // retry() starts a new hold
/// case .notChecked: showCheckAgain()  // checkAgain() asks the server again
/// case .interrupted(let state): show(state)  // another call moved the flow
/// }
/// ```
public enum HoldResult: Hashable, Sendable {
    /// The room is held: the countdown runs (`BookingClient.secondsLeft(in:)`)
    /// and `pay(with:)` pays it before the countdown ends.
    case held(BookingFlow.Held)
    /// The server has no room left for the offer: the flow is back on the
    /// results, where `state.soldOutOffers` marks it (and the offers' marks
    /// keep saying so in later runs). Hold another offer.
    case soldOut(OfferID)
    /// The server refused the quote and sent a new price: show it;
    /// `acceptNewPrice()` holds at the new price (a new attempt and key),
    /// `back()` leaves it.
    case priceChanged(BookingFlow.PriceChanged)
    /// The server asked not to be sent a hold before `until`: nothing was
    /// sent, no money moved. `retry()` after that time.
    case waitRequested(until: Date)
    /// The hold failed for `reason` (no room could be held, the device's
    /// storage is full, or a newer hold from another process replaced this
    /// one): no money moved. `retry()` starts a new hold.
    case failed(BookingFlow.FailureReason)
    /// The hold ran out before it could be paid: `retry()` holds again.
    case expired
    /// The room was held, but its time left could not be read back (the
    /// server did not answer): `checkAgain()` asks again. Pay stays locked
    /// until it answers.
    case notChecked
    /// The flow left this hold before it settled: another call (`back()`,
    /// another screen), another process on the data directory, or the
    /// awaiting task was cancelled. The request, if out, goes on; `state`
    /// is where the flow is, and `BookingClient.states()` follows it.
    case interrupted(BookingFlow.State)
}
