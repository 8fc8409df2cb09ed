import BookingSQLite

/// The money that moved: a charge when a payment is captured, a refund when
/// a confirmed booking is cancelled. The database allows one of each per
/// booking (`UNIQUE (booking_id, kind)`), so a double charge cannot even be stored.
/// A modification's difference is in `ledger_difference` (`Ledger+Difference`):
/// its own kinds, never counted as a charge of the booking's key or hold,
/// but added up with the rest, so the ledger balances: what was charged
/// minus what was refunded is what the account paid in the end.
enum Ledger {
    enum Kind: String { case charge, refund }

    /// Whether an entry of `kind` gave money back (`refund`, `difference_refund`).
    static func isRefund(_ kind: String) -> Bool { kind == "refund" || kind == "difference_refund" }

    /// Records a charge or refund of the hold's total for `booking`.
    static func record(
        _ kind: Kind, _ db: Database, booking: BookingRecord, hold: HoldRecord, ids: IdentifierSource, now: Int64
    )
        throws
    {
        let entryId = try ids.newID(prefix: kind == .charge ? Identifier.charge : Identifier.refund, db).id
        let seq = try db.nextSequence("ledger")
        try db.run(
            """
            INSERT INTO ledger_entry (entry_id, seq, kind, account, idempotency_key, hold_id, booking_id, amount, currency, created_at_ms)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                .text(entryId), .integer(seq), .text(kind.rawValue), .text(booking.account),
                .text(booking.idempotencyKey),
                .text(hold.holdId), .text(booking.bookingId), .integer(hold.price.total.amount),
                .text(hold.price.total.currency), .integer(now),
            ])
    }

    /// The account's entries, in order, with charge counts per key, hold and booking.
    static func body(_ db: Database, account: String) throws -> LedgerBody {
        let statement = try db.cachedStatement(
            """
            SELECT entry_id, kind, idempotency_key, hold_id, booking_id, amount, currency, created_at_ms, seq
            FROM ledger_entry WHERE account = ?1
            UNION ALL
            SELECT entry_id, kind, idempotency_key, hold_id, booking_id, amount, currency, created_at_ms, seq
            FROM ledger_difference WHERE account = ?1
            ORDER BY seq
            """)
        defer { statement.reset() }
        try statement.bind(account, at: 1)
        var ledger = LedgerBody(
            account: account, entries: [], chargeCount: 0, refundCount: 0, differenceCount: 0,
            chargesByIdempotencyKey: [:], chargesByHold: [:], chargesByBooking: [:], totals: [], paidByBooking: [:])
        var totals: [String: (charged: Int64, refunded: Int64)] = [:]
        try statement.forEachRow { row in
            let entry = LedgerEntryBody(
                entryId: row.string(at: 0), kind: row.string(at: 1), account: account,
                idempotencyKey: row.string(at: 2),
                holdId: row.string(at: 3), bookingId: row.string(at: 4),
                amount: MoneyBody(amount: row.int64(at: 5), currency: row.string(at: 6)),
                createdAt: CalendarDay.timestamp(unixMilliseconds: row.int64(at: 7)))
            ledger.entries.append(entry)
            if entry.kind == Kind.charge.rawValue {
                ledger.chargeCount += 1
                ledger.chargesByIdempotencyKey[entry.idempotencyKey, default: 0] += 1
                ledger.chargesByHold[entry.holdId, default: 0] += 1
                ledger.chargesByBooking[entry.bookingId, default: 0] += 1
            } else if entry.kind == Kind.refund.rawValue {
                ledger.refundCount += 1
            } else {
                ledger.differenceCount += 1
            }
            let (amount, currency) = (entry.amount.amount, entry.amount.currency)
            let refund = isRefund(entry.kind)
            if refund {
                totals[currency, default: (0, 0)].refunded += amount
            } else {
                totals[currency, default: (0, 0)].charged += amount
            }
            ledger.paidByBooking[entry.bookingId, default: MoneyBody(amount: 0, currency: currency)].amount +=
                refund ? -amount : amount
        }
        ledger.totals = totals.keys.sorted().map { currency in
            let (charged, refunded) = totals[currency] ?? (0, 0)
            return LedgerTotalBody(
                charged: MoneyBody(amount: charged, currency: currency),
                refunded: MoneyBody(amount: refunded, currency: currency),
                paid: MoneyBody(amount: charged - refunded, currency: currency))
        }
        return ledger
    }
}
