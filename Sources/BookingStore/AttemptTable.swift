import BookingCore
import BookingSQLite
import Foundation

/// The `booking_attempt` table of `booking.sqlite`.
///
/// Uses its database's connection; like it, not `Sendable`.
package struct AttemptTable {
    let database: Database

    private static let insertColumns =
        "attempt_id, idempotency_key, offer_id, quote_id, hold_id, booking_id, status, version, hold_anchor, created_at, updated_at, challenge_url"
    private static let columns = insertColumns + ", coupon_code, coupon_quote_id, coupon_price_json, guest_json"

    // Built once, not interpolated on every durable write (BENCHMARKS.md).
    private static let insertSQL = "INSERT INTO booking_attempt (\(insertColumns)) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)"

    /// Saves a new attempt. Returns once the commit is durable
    /// (`synchronous=FULL`): the row survives a crash or power loss from then on.
    ///
    /// - Throws: `SQLiteError` (a constraint violation when the id or key is
    ///   already saved, `isFull` when the disk is full); nothing is written then.
    package func insert(_ record: SavedAttempt) throws {
        let statement = try database.cachedStatement(Self.insertSQL)
        defer { statement.reset() }
        try statement.bind(record.attemptID.rawValue, at: 1)
        try statement.bind(record.idempotencyKey.rawValue, at: 2)
        try statement.bind(record.offerID.rawValue, at: 3)
        try statement.bind(record.quoteID.rawValue, at: 4)
        try statement.bind(record.holdID?.rawValue, at: 5)
        try statement.bind(record.bookingID?.rawValue, at: 6)
        try statement.bind(record.phase.rawValue, at: 7)
        try statement.bind(record.version.rawValue, at: 8)
        try statement.bind(record.holdAnchor, at: 9)
        try statement.bind(record.createdAtMilliseconds, at: 10)
        try statement.bind(record.updatedAtMilliseconds, at: 11)
        try statement.bind(record.challengeURL, at: 12)
        try statement.run()
    }

    /// Moves an attempt forward, stamping `updated_at` with `date`. Returns
    /// `false`, changing nothing, when the move is not forward: the attempt
    /// is final, the version is older, or the version is the same and the
    /// phase earlier (the schema's trigger enforces this for every UPDATE),
    /// or no such attempt exists. A `nil` field keeps its column.
    ///
    /// `challengeURL` is the bank's 3-D Secure page of an `ACTION_REQUIRED`
    /// answer, saved in this same statement; a move to any other phase
    /// clears the saved page (the booking moved on).
    @discardableResult
    package func update(_ change: AttemptChange, challengeURL: String? = nil, at date: Date) throws -> Bool {
        try database.compareAndSet(
            """
            UPDATE booking_attempt
            SET status = ?2, version = coalesce(?3, version), hold_id = coalesce(?4, hold_id),
                booking_id = coalesce(?5, booking_id), hold_anchor = coalesce(?6, hold_anchor),
                updated_at = ?7,
                challenge_url = CASE WHEN ?2 = 'ACTION_REQUIRED' THEN coalesce(?8, challenge_url) END
            WHERE attempt_id = ?1
            """,
            [
                .text(change.attemptID.rawValue), .text(change.phase.rawValue),
                change.version.map { .integer($0.rawValue) } ?? .null, SQLiteValue(change.holdID?.rawValue),
                SQLiteValue(change.bookingID?.rawValue), SQLiteValue(change.holdAnchor),
                .integer(date.unixMilliseconds), SQLiteValue(challengeURL),
            ])
    }

    /// Saves the coupon code the server applied to attempt `id`'s held room
    /// (its new quote and discounted price) if, and only if, the attempt is
    /// still `HELD` with `hold`, in one conditional statement: an attempt
    /// that moved on (paid, ended, abandoned) keeps what it had. Returns
    /// whether the row took it.
    ///
    /// - Throws: `SQLiteError`, or `EncodingError` when the price cannot be
    ///   encoded; nothing is written then.
    @discardableResult
    package func saveCoupon(_ coupon: SavedCoupon, for id: AttemptID, hold: HoldID, at date: Date) throws -> Bool {
        let price = String(decoding: try JSONEncoder().encode(coupon.price), as: UTF8.self)
        return try database.compareAndSet(
            """
            UPDATE booking_attempt
            SET coupon_code = ?3, coupon_quote_id = ?4, coupon_price_json = ?5, updated_at = ?6
            WHERE attempt_id = ?1 AND hold_id = ?2 AND status = 'HELD'
            """,
            [
                .text(id.rawValue), .text(hold.rawValue), .text(coupon.code), .text(coupon.quoteID.rawValue),
                .text(price), .integer(date.unixMilliseconds),
            ])
    }

    /// Marks an attempt abandoned if, and only if, it never sent a payment
    /// (`HOLD_REQUESTED` or `HELD`), in one conditional statement: another
    /// process that moved it to `PAYMENT_SUBMITTED` a moment earlier wins,
    /// and nothing changes. Returns whether the attempt was abandoned.
    @discardableResult
    package func abandon(id: AttemptID, at date: Date) throws -> Bool {
        try move(id, to: .abandoned, from: "status IN ('HOLD_REQUESTED', 'HELD')", at: date)
    }

    /// Moves a held attempt to `PAYMENT_SUBMITTED` if, and only if, it is
    /// still `HELD` with its hold, in one conditional statement: of two
    /// processes paying the same attempt, exactly one wins and sends the
    /// payment; the other finds the row moved and looks the attempt up.
    /// The lead guest is saved in the same statement (the payment sends
    /// the guest saved here, never another; nil: none).
    /// Returns whether this call moved it.
    package func submitPayment(id: AttemptID, guest: GuestDetails? = nil, at date: Date) throws -> Bool {
        let json = try guest.map { String(decoding: try JSONEncoder().encode($0), as: UTF8.self) }
        return try database.compareAndSet(
            """
            UPDATE booking_attempt SET status = 'PAYMENT_SUBMITTED', updated_at = ?2, guest_json = ?3
            WHERE attempt_id = ?1 AND status = 'HELD' AND hold_id IS NOT NULL
            """,
            [.text(id.rawValue), .integer(date.unixMilliseconds), SQLiteValue(json)])
    }

    /// Ends an attempt that never sent a payment (`FAILED` or `EXPIRED`, a
    /// process's own conclusion with no server answer behind it) if, and
    /// only if, it is still in a hold phase, in one conditional statement:
    /// another process that moved it to `PAYMENT_SUBMITTED` meanwhile is
    /// paying it, and only that payment's outcome may end it.
    /// Returns whether this call ended it.
    package func concludeHold(id: AttemptID, as phase: AttemptPhase, at date: Date) throws -> Bool {
        try move(id, to: phase, from: "status IN ('HOLD_REQUESTED', 'HELD')", at: date)
    }

    /// Ends a submitted payment as `FAILED` when the server certainly took
    /// none under its key (it settled the key or the hold, and a lookup found
    /// no booking), in one conditional statement: only from
    /// `PAYMENT_SUBMITTED`, so an attempt the server answered with a booking
    /// (3-D Secure, processing, confirmed) is never ended here.
    /// Returns whether this call ended it.
    package func concludeNotPaid(id: AttemptID, at date: Date) throws -> Bool {
        try move(id, to: .failed, from: "status = 'PAYMENT_SUBMITTED'", at: date)
    }

    /// Moves attempt `id` to `phase` if, and only if, its row still meets
    /// `condition` (fixed SQL, never user text): the compare-and-set of the
    /// client's own moves.
    private func move(_ id: AttemptID, to phase: AttemptPhase, from condition: String, at date: Date) throws -> Bool {
        try database.compareAndSet(
            "UPDATE booking_attempt SET status = ?2, updated_at = ?3 WHERE attempt_id = ?1 AND \(condition)",
            [.text(id.rawValue), .text(phase.rawValue), .integer(date.unixMilliseconds)])
    }

    /// Abandons every attempt still in a hold phase, in one statement; the
    /// first half of starting a new attempt (`BookingDatabase.startAttempt`).
    /// Returns the attempts it abandoned, as they were.
    func abandonHolds(at date: Date) throws -> [SavedAttempt] {
        let holding = try rows(
            "SELECT \(Self.columns) FROM booking_attempt WHERE status IN ('HOLD_REQUESTED', 'HELD')")
        guard !holding.isEmpty else { return [] }
        let statement = try database.cachedStatement(
            "UPDATE booking_attempt SET status = 'ABANDONED', updated_at = ? WHERE status IN ('HOLD_REQUESTED', 'HELD')"
        )
        defer { statement.reset() }
        try statement.bind(date.unixMilliseconds, at: 1)
        try statement.run()
        return holding
    }

    /// The attempt being held, if any: the one `pay` pays. The schema keeps
    /// at most one.
    package func currentHold() throws -> SavedAttempt? {
        try rows("SELECT \(Self.columns) FROM booking_attempt WHERE status IN ('HOLD_REQUESTED', 'HELD')").first
    }

    /// The attempt with this id, if saved.
    package func attempt(id: AttemptID) throws -> SavedAttempt? {
        try first("SELECT \(Self.columns) FROM booking_attempt WHERE attempt_id = ?", id.rawValue)
    }

    /// The attempt with this idempotency key, if saved.
    package func attempt(key: IdempotencyKey) throws -> SavedAttempt? {
        try first("SELECT \(Self.columns) FROM booking_attempt WHERE idempotency_key = ?", key.rawValue)
    }

    /// Whether any attempt saved here, final or not, names hold `hold`: a
    /// room this device held, paid or let go itself, never one "held
    /// elsewhere".
    package func knows(hold: HoldID) throws -> Bool {
        let value = try database.scalar(
            "SELECT 1 FROM booking_attempt WHERE hold_id = ?1 LIMIT 1", [.text(hold.rawValue)])
        return value != nil
    }

    /// Another attempt of `offer` whose payment left (not settled yet) or
    /// was confirmed, that `attempt` must not pay over: a confirmed one
    /// does not count once `attempt` was held again on purpose
    /// (`markBookedAgain`). Nil when there is none.
    package func otherPayment(of offer: OfferID, besides attempt: AttemptID) throws -> AttemptID? {
        let value = try database.scalar(
            """
            SELECT attempt_id FROM booking_attempt
            WHERE offer_id = ?1 AND attempt_id <> ?2
              AND (status IN ('PAYMENT_SUBMITTED', 'ACTION_REQUIRED', 'PROCESSING')
                   OR (status = 'CONFIRMED' AND NOT EXISTS (SELECT 1 FROM booked_again WHERE attempt_id = ?2)))
            ORDER BY created_at LIMIT 1
            """,
            [.text(offer.rawValue), .text(attempt.rawValue)])
        guard case .text(let id)? = value else { return nil }
        return AttemptID(id)
    }

    /// Records that `attempt` is held again on purpose, the stay being
    /// booked already: its payment may book the stay a second time.
    package func markBookedAgain(_ attempt: AttemptID) throws {
        try database.run("INSERT OR IGNORE INTO booked_again (attempt_id) VALUES (?1)", [.text(attempt.rawValue)])
    }

    /// Whether `attempt` is held again on purpose (`markBookedAgain`): its
    /// payment is sent without the condition that the stay is not booked.
    package func isBookedAgain(_ attempt: AttemptID) throws -> Bool {
        try database.scalar("SELECT 1 FROM booked_again WHERE attempt_id = ?1", [.text(attempt.rawValue)]) != nil
    }

    /// Every attempt that is not final, oldest first: what launch-time
    /// reconciliation settles.
    package func nonFinal() throws -> [SavedAttempt] {
        let statement = try database.cachedStatement(
            """
            SELECT \(Self.columns) FROM booking_attempt
            WHERE status NOT IN ('CONFIRMED', 'FAILED', 'EXPIRED', 'CANCELLED', 'ABANDONED')
            ORDER BY created_at, attempt_id
            """)
        return try rows(statement)
    }

    private func rows(_ sql: String) throws -> [SavedAttempt] {
        try rows(try database.cachedStatement(sql))
    }

    private func rows(_ statement: Statement) throws -> [SavedAttempt] {
        defer { statement.reset() }
        var records: [SavedAttempt] = []
        while try statement.step() {
            records.append(try Self.record(from: statement))
        }
        return records
    }

    /// The key prefix of a let-go row (`BookingDatabase.letGo`): an attempt
    /// saved only so that the device knows the hold it released for
    /// another device. No request is ever sent under it.
    package static let letGoKeyPrefix = "letgo-"
    /// The SQL condition of an attempt of the device's flow: not a let-go row.
    package static let ofTheFlow = "idempotency_key NOT LIKE '\(letGoKeyPrefix)%'"

    /// The most recently created attempt of the device's flow, if any (a
    /// let-go row is never it).
    package func latest() throws -> SavedAttempt? {
        let statement = try database.cachedStatement(
            "SELECT \(Self.columns) FROM booking_attempt WHERE \(Self.ofTheFlow) ORDER BY created_at DESC, rowid DESC LIMIT 1"
        )
        defer { statement.reset() }
        return try statement.step() ? Self.record(from: statement) : nil
    }

    /// The number of saved attempts.
    package func count() throws -> Int {
        guard case .integer(let count)? = try database.scalar("SELECT count(*) FROM booking_attempt") else { return 0 }
        return Int(count)
    }

    private func first(_ sql: String, _ argument: String) throws -> SavedAttempt? {
        let statement = try database.cachedStatement(sql)
        defer { statement.reset() }
        try statement.bind(argument, at: 1)
        return try statement.step() ? Self.record(from: statement) : nil
    }

    private static func record(from row: Statement) throws -> SavedAttempt {
        let status = row.string(at: 6)
        guard let phase = AttemptPhase(rawValue: status) else {
            throw StoreError.unreadableRow(table: "booking_attempt", reason: "unknown status \(status)")
        }
        guard let version = Version(rawValue: row.int64(at: 7)) else {
            throw StoreError.unreadableRow(table: "booking_attempt", reason: "negative version")
        }
        var record = SavedAttempt(
            attempt: BookingFlow.Attempt(
                id: AttemptID(row.string(at: 0)), key: IdempotencyKey(row.string(at: 1)),
                offerID: OfferID(row.string(at: 2)), quoteID: QuoteID(row.string(at: 3))),
            phase: phase, createdAtMilliseconds: row.int64(at: 9))
        record.holdID = row.optionalString(at: 4).map(HoldID.init(rawValue:))
        record.bookingID = row.optionalString(at: 5).map(BookingID.init(rawValue:))
        record.version = version
        record.holdAnchor = row.optionalString(at: 8)
        record.updatedAtMilliseconds = row.int64(at: 10)
        // The page is the pending challenge's only: shown while ACTION_REQUIRED.
        record.challengeURL = phase == .actionRequired ? row.optionalString(at: 11) : nil
        record.coupon = coupon(
            code: row.optionalString(at: 12), quote: row.optionalString(at: 13),
            price: row.optionalString(at: 14))
        record.guest = row.optionalString(at: 15).flatMap {
            try? JSONDecoder().decode(GuestDetails.self, from: Data($0.utf8))
        }
        return record
    }

    /// The saved coupon of a row; nil when none is saved, or when its price
    /// does not read back (the hold is then read from the server, whose
    /// price wins anyway).
    private static func coupon(code: String?, quote: String?, price: String?) -> SavedCoupon? {
        guard let code, let quote, let price,
            let breakdown = try? JSONDecoder().decode(PriceBreakdown.self, from: Data(price.utf8))
        else { return nil }
        return SavedCoupon(code: code, quoteID: QuoteID(quote), price: breakdown)
    }
}
