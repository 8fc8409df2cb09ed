import BookingSQLite
import Foundation

/// What the sandbox dashboard shows, read in one transaction: every
/// account's bookings and holds as stored (reading them here settles
/// nothing), the ledger per idempotency key (the payments' and
/// cancellations' entries under the booking's key, a change of dates'
/// difference under the modification's), the stored
/// idempotent answers with the time they have left, and the fault rates.
struct Dashboard: Encodable, Sendable {
    struct BookingRow: Encodable, Sendable {
        var account, bookingId, state: String
        var version: Int64
        var property, checkIn, checkOut: String
        var amount: MoneyBody
    }

    struct HoldRow: Encodable, Sendable {
        var account, holdId, state, expiresAt: String
        var bookingId: String?
    }

    struct LedgerRow: Encodable, Sendable {
        var account, idempotencyKey, bookingId: String
        /// Payments and refunds (differences are neither).
        var charges, refunds: Int64
        /// Charges and differences charged; refunds and differences refunded.
        var charged, refunded: MoneyBody
    }

    struct IdempotencyRow: Encodable, Sendable {
        var account, endpoint, key, state: String
        var status: Int64?
        var secondsLeft: Int64
    }

    struct FaultRow: Encodable, Sendable {
        var fault: String
        var rate: Double
    }

    var bookings: [BookingRow] = []
    var holds: [HoldRow] = []
    var ledger: [LedgerRow] = []
    var idempotency: [IdempotencyRow] = []
    var faults: [FaultRow] = []
    /// The payment method kinds: the switch and the server's counts (from memory, not the database).
    var stats: [PaymentMethodRow] = []
    /// The rollout groups (from memory, with the bookings' times from the database).
    var cohorts: [CohortRow] = []

    /// Reads it all at `now`.
    static func load(_ db: Database, now: Int64, configuration: SandboxConfiguration) throws -> Dashboard {
        var dashboard = Dashboard()
        try rows(db, "SELECT hold_id, account FROM hold ORDER BY created_at_ms, rowid") { row in
            guard let hold = try HoldRecord.load(db, id: row.string(at: 0), account: row.string(at: 1)) else { return }
            dashboard.holds.append(
                HoldRow(
                    account: hold.account, holdId: hold.holdId, state: hold.state(now: now).rawValue,
                    expiresAt: CalendarDay.timestamp(
                        unixMilliseconds: min(hold.expiresAtMs, hold.checkIn.endMilliseconds)),
                    bookingId: hold.bookingId))
        }
        try rows(db, "SELECT booking_id FROM booking ORDER BY seq") { row in
            guard let booking = try BookingRecord.load(db, id: row.string(at: 0)),
                let hold = try HoldRecord.load(db, id: booking.holdId, account: booking.account)
            else { return }
            dashboard.bookings.append(
                BookingRow(
                    account: booking.account, bookingId: booking.bookingId, state: booking.state.rawValue,
                    version: booking.version,
                    property: hold.property.name, checkIn: hold.checkIn.isoString, checkOut: hold.checkOut.isoString,
                    amount: hold.price.total))
        }
        try rows(
            db,
            """
            SELECT account, idempotency_key, min(booking_id), sum(kind = 'charge'), sum(kind = 'refund'),
                   sum(CASE WHEN kind IN ('charge', 'difference_charge') THEN amount ELSE 0 END),
                   sum(CASE WHEN kind IN ('refund', 'difference_refund') THEN amount ELSE 0 END), min(currency)
            FROM (SELECT account, idempotency_key, booking_id, kind, amount, currency, seq FROM ledger_entry
                  UNION ALL
                  SELECT account, idempotency_key, booking_id, kind, amount, currency, seq FROM ledger_difference)
            GROUP BY account, idempotency_key ORDER BY min(seq)
            """
        ) { row in
            let currency = row.string(at: 7)
            dashboard.ledger.append(
                LedgerRow(
                    account: row.string(at: 0), idempotencyKey: row.string(at: 1), bookingId: row.string(at: 2),
                    charges: row.int64(at: 3), refunds: row.int64(at: 4),
                    charged: MoneyBody(amount: row.int64(at: 5), currency: currency),
                    refunded: MoneyBody(amount: row.int64(at: 6), currency: currency)))
        }
        let lifetime = configuration.idempotencyKeyLifetimeSeconds * 1000
        try rows(
            db,
            "SELECT account, endpoint, key, state, status, created_at_ms FROM idempotency_record ORDER BY created_at_ms"
        ) { row in
            let left = row.int64(at: 5) + lifetime - now
            guard left > 0 else { return }  // pruned at the next claim
            dashboard.idempotency.append(
                IdempotencyRow(
                    account: row.string(at: 0), endpoint: row.string(at: 1), key: row.string(at: 2),
                    state: row.string(at: 3),
                    status: row.isNull(at: 4) ? nil : row.int64(at: 4), secondsLeft: (left + 999) / 1000))
        }
        dashboard.faults = SandboxFault.listed(rates: configuration.faultRates).map { fault in
            FaultRow(fault: fault.description, rate: configuration.faultRates[fault] ?? 0)
        }
        return dashboard
    }

    private static func rows(_ db: Database, _ sql: String, _ body: (Statement) throws -> Void) throws {
        let statement = try db.cachedStatement(sql)
        defer { statement.reset() }
        try statement.forEachRow(body)
    }

    /// One section's rows as JSON.
    func json(_ section: DashboardSection) -> Data {
        switch section {
        case .bookings: return JSONResponse.encode(bookings)
        case .holds: return JSONResponse.encode(holds)
        case .ledger: return JSONResponse.encode(ledger)
        case .idempotency: return JSONResponse.encode(idempotency)
        case .faults: return JSONResponse.encode(faults)
        case .stats: return JSONResponse.encode(stats)
        case .cohorts: return JSONResponse.encode(cohorts)
        }
    }
}
