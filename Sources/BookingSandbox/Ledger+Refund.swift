import BookingSQLite

extension Ledger {
    /// How long a refund asked for with `Sandbox-Refund: pending` stays
    /// `PENDING` on the sandbox's clock.
    static let pendingRefundMilliseconds: Int64 = 60_000

    /// What cancelling a booking gives back and what it keeps: the one
    /// rule a cancellation's quote shows and a cancel records.
    struct CancellationTerms: Equatable {
        /// Given back.
        var refund: MoneyBody
        /// Kept (`refund + penalty` is the booking's total).
        var penalty: MoneyBody
    }

    /// The terms of cancelling the confirmed booking of `hold` at `now`, as
    /// its stay's policy says (`HoldRecord.cancellation`): before a free
    /// cancellation's deadline the whole total (the hold's price after any
    /// change of dates) comes back; after it the penalty is kept; a
    /// non-refundable stay keeps the total.
    static func cancellationTerms(hold: HoldRecord, now: Int64) -> CancellationTerms {
        let total = hold.price.total
        let kept = hold.cancellation.penalty(at: now)
        let penalty = MoneyBody(amount: min(kept.amount, total.amount), currency: total.currency)
        return CancellationTerms(
            refund: MoneyBody(amount: total.amount - penalty.amount, currency: total.currency), penalty: penalty)
    }

    /// Records the refund of `booking` (cancelled now) as
    /// `cancellationTerms` give it: `SUCCEEDED` at once, or `PENDING` until
    /// `settlesAt` when given. Returns it as the booking's answer carries it.
    static func refund(
        _ db: Database, booking: BookingRecord, hold: HoldRecord, ids: IdentifierSource, now: Int64, settlesAt: Int64?
    ) throws -> RefundBody {
        let terms = cancellationTerms(hold: hold, now: now)
        try record(.refund, db, booking: booking, hold: hold, ids: ids, now: now)
        let state: RefundBody.State = settlesAt == nil ? .succeeded : .pending
        try db.run(
            """
            UPDATE ledger_entry SET amount = ?, currency = ?, refund_state = ?, settles_at_ms = ?, updated_at_ms = ?
            WHERE booking_id = ? AND kind = 'refund'
            """,
            [
                .integer(terms.refund.amount), .text(terms.refund.currency), .text(state.rawValue),
                settlesAt.map { .integer($0) } ?? .null, .integer(now), .text(booking.bookingId),
            ])
        guard let refund = try refund(db, bookingId: booking.bookingId)?.body else { throw APIError.internalError }
        return refund
    }

    /// A saved refund and when it settles (`nil`: it has).
    struct SavedRefund {
        var body: RefundBody
        var settlesAt: Int64?
    }

    /// The refund of booking `bookingId`, or `nil` when there is none.
    static func refund(_ db: Database, bookingId: String) throws -> SavedRefund? {
        let statement = try db.cachedStatement(
            """
            SELECT entry_id, amount, currency, coalesce(refund_state, 'SUCCEEDED'), created_at_ms,
                   coalesce(updated_at_ms, created_at_ms), settles_at_ms
            FROM ledger_entry WHERE booking_id = ? AND kind = 'refund'
            """)
        defer { statement.reset() }
        try statement.bind(bookingId, at: 1)
        guard try statement.step() else { return nil }
        guard let state = RefundBody.State(rawValue: statement.string(at: 3)) else { throw APIError.internalError }
        let body = RefundBody(
            refundId: statement.string(at: 0),
            amount: MoneyBody(amount: statement.int64(at: 1), currency: statement.string(at: 2)), state: state,
            createdAt: CalendarDay.timestamp(unixMilliseconds: statement.int64(at: 4)),
            updatedAt: CalendarDay.timestamp(unixMilliseconds: statement.int64(at: 5)))
        return SavedRefund(body: body, settlesAt: state == .pending ? statement.optionalInt64(at: 6) : nil)
    }

    /// Settles a `PENDING` refund whose time has come: `SUCCEEDED` at `now`.
    /// Returns the settled refund, or `nil` when nothing changed.
    static func settleRefund(_ db: Database, bookingId: String, now: Int64) throws -> RefundBody? {
        guard let saved = try refund(db, bookingId: bookingId), let settlesAt = saved.settlesAt, now >= settlesAt
        else { return nil }
        try db.run(
            """
            UPDATE ledger_entry SET refund_state = 'SUCCEEDED', settles_at_ms = NULL, updated_at_ms = ?
            WHERE booking_id = ? AND kind = 'refund'
            """,
            [.integer(now), .text(bookingId)])
        return try refund(db, bookingId: bookingId)?.body
    }
}
