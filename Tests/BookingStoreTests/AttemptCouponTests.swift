import BookingCore
import BookingStore
import Foundation
import TestSupport
import Testing

/// `AttemptTable.saveCoupon`: a coupon code the server applied is saved on
/// the attempt only while it is held with that hold, and read back with it.
@Suite struct AttemptCouponTests {
    let directory = TemporaryDirectory("store-coupon")

    static let coupon = SavedCoupon(
        code: "WELCOME10", quoteID: QuoteID("qt_coupon"), price: BookingFlow.Samples.couponPrice)
    static let later = Fixtures.epoch.addingTimeInterval(60)

    @Test func aCouponIsSavedOnTheHeldRowOfItsHoldOnly() throws {
        let store = try BookingDatabase(directory: directory.path)
        try store.attempts.insert(Fixtures.held("a1"))
        let id = AttemptID("a1")
        #expect(try !store.attempts.saveCoupon(Self.coupon, for: id, hold: HoldID("h-other"), at: Self.later))
        #expect(try store.attempts.attempt(id: id)?.coupon == nil)
        #expect(try store.attempts.saveCoupon(Self.coupon, for: id, hold: HoldID("h-a1"), at: Self.later))
        let saved = try #require(try store.attempts.attempt(id: id))
        #expect(saved.coupon == Self.coupon)
        #expect(saved.quoteID == QuoteID("quote-a1"))  // the quote asked for is kept
        #expect(try store.attempts.currentHold()?.coupon == Self.coupon)
    }

    @Test func anAttemptThatMovedOnKeepsWhatItHad() throws {
        let store = try BookingDatabase(directory: directory.path)
        try store.attempts.insert(Fixtures.held("a1"))
        let id = AttemptID("a1")
        #expect(try store.attempts.submitPayment(id: id, at: Self.later))
        #expect(try !store.attempts.saveCoupon(Self.coupon, for: id, hold: HoldID("h-a1"), at: Self.later))
        #expect(try store.attempts.attempt(id: id)?.coupon == nil)
    }

    @Test func aSavedPriceThatDoesNotReadBackIsNoCoupon() throws {
        let store = try BookingDatabase(directory: directory.path)
        try store.attempts.insert(Fixtures.held("a1"))
        try store.database.run(
            "UPDATE booking_attempt SET coupon_code = 'X', coupon_quote_id = 'q', coupon_price_json = '{}'")
        let saved = try #require(try store.attempts.attempt(id: AttemptID("a1")))
        #expect(saved.coupon == nil)
        #expect(saved.phase == .held)
    }
}
