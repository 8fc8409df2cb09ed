import BookingCore
import BookingPrimitives
import BookingSQLite
import Foundation

/// A row of `booking`, its state changes (each a new version with its body
/// saved) and the body it is sent as.
///
/// Its fields are the `booking` columns; `HoldRecord`'s read alike line by
/// line but are another table's, so they are kept apart (what the two rows
/// share, the lookup within an account, is `AccountRow.load`).
struct BookingRecord: AccountRow {
    var bookingId: String
    var seq: Int64
    var account: String
    var holdId: String
    var idempotencyKey: String
    var token: SandboxToken
    var state: BookingStatus
    var version: Int64
    var charged: Bool
    var createdAtMs: Int64
    var updatedAtMs: Int64
    /// Where the 3-D Secure page sends the browser back (`{bookingId}` in it
    /// replaced), as the client gave it with the payment; `nil`: none.
    var returnURL: String? = nil
    /// The 3-D Secure page's absolute URL on the sandbox's own origin, known
    /// when the booking is made (it is only sent while `ACTION_REQUIRED`,
    /// the state it is made in, so loaded rows never need it).
    var challengeURL: String? = nil
    /// The refund sent with the body saved by the next `move` (a cancelled
    /// booking's; rows are loaded without it, `Ledger.refund` reads it).
    var refund: RefundBody? = nil
    /// Set when the client left the 3-D Secure page (`abandon`): the failed
    /// version's body says so (`failure.code` `abandoned`), not a decline.
    var wasAbandoned = false
    /// The voucher drawn when the booking was made; nil in rows made before
    /// vouchers were stored (theirs is derived from the id, as it was).
    var storedVoucherCode: String? = nil
    /// The token its 3-D Secure page's URL carries, drawn when it was made;
    /// nil in rows made before tokens were stored (their page never opens).
    var challengeToken: String? = nil
    /// The lead guest the payment carried (trimmed, checked); nil for a
    /// booking made without one. Echoed on every answer about the booking.
    var guest: GuestBody? = nil

    static let table = "booking"
    static let columns = """
        booking_id, seq, account, hold_id, idempotency_key, payment_token, state, version, charged, created_at_ms, \
        updated_at_ms, return_url, voucher_code, challenge_token, guest_json
        """

    static func read(_ statement: Statement) throws -> BookingRecord {
        guard let token = SandboxToken(rawValue: statement.string(at: 5)),
            let state = BookingStatus(rawValue: statement.string(at: 6))
        else { throw APIError.internalError }
        return BookingRecord(
            bookingId: statement.string(at: 0), seq: statement.int64(at: 1), account: statement.string(at: 2),
            holdId: statement.string(at: 3), idempotencyKey: statement.string(at: 4), token: token,
            state: state, version: statement.int64(at: 7), charged: statement.int64(at: 8) == 1,
            createdAtMs: statement.int64(at: 9), updatedAtMs: statement.int64(at: 10),
            returnURL: statement.optionalString(at: 11), storedVoucherCode: statement.optionalString(at: 12),
            challengeToken: statement.optionalString(at: 13),
            guest: statement.optionalString(at: 14).flatMap(GuestBody.init(json:)))
    }

    /// The booking `id` of any account, or `nil` (for the sandbox's own web
    /// pages, which a browser opens without the account's key).
    static func load(_ db: Database, id: String) throws -> BookingRecord? {
        let statement = try db.cachedStatement("SELECT \(columns) FROM booking WHERE booking_id = ?")
        defer { statement.reset() }
        try statement.bind(id, at: 1)
        return try statement.step() ? read(statement) : nil
    }

    /// The account's latest booking made under idempotency key `key`, or `nil`.
    static func load(_ db: Database, idempotencyKey key: String, account: String) throws -> BookingRecord? {
        let statement = try db.cachedStatement(
            "SELECT \(columns) FROM booking WHERE account = ? AND idempotency_key = ? ORDER BY seq DESC LIMIT 1")
        defer { statement.reset() }
        try statement.bind(account, at: 1)
        try statement.bind(key, at: 2)
        return try statement.step() ? read(statement) : nil
    }

    /// A page of the account's bookings, oldest first, and whether more follow.
    static func page(_ db: Database, account: String, offset: Int, limit: Int) throws -> ([BookingRecord], Bool) {
        let statement = try db.cachedStatement(
            "SELECT \(columns) FROM booking WHERE account = ? ORDER BY seq LIMIT ? OFFSET ?")
        defer { statement.reset() }
        try statement.bind(account, at: 1)
        try statement.bind(limit + 1, at: 2)
        try statement.bind(offset, at: 3)
        var records: [BookingRecord] = []
        try statement.forEachRow { records.append(try read($0)) }
        let more = records.count > limit
        return (Array(records.prefix(limit)), more)
    }

    /// The body saved for `version`, or `nil`.
    static func savedBody(_ db: Database, id: String, version: Int64) throws -> Data? {
        guard
            case .text(let text) = try db.scalar(
                "SELECT body FROM booking_version WHERE booking_id = ? AND version = ?", [.text(id), .integer(version)])
        else { return nil }
        return Data(text.utf8)
    }

    /// Inserts the booking at its first version, with its body.
    func insert(_ db: Database, hold: HoldRecord) throws {
        try db.run(
            "INSERT INTO booking (\(Self.columns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                .text(bookingId), .integer(seq), .text(account), .text(holdId), .text(idempotencyKey),
                .text(token.rawValue),
                .text(state.rawValue), .integer(version), .integer(charged ? 1 : 0), .integer(createdAtMs),
                .integer(updatedAtMs),
                returnURL.map { .text($0) } ?? .null, storedVoucherCode.map { .text($0) } ?? .null,
                challengeToken.map { .text($0) } ?? .null, guest.map { .text($0.json) } ?? .null,
            ])
        try saveBody(db, hold: hold)
    }

    /// Moves to `newState` as a new version, saving the row and the new body.
    mutating func move(to newState: BookingStatus, now: Int64, db: Database, hold: HoldRecord) throws {
        state = newState
        version += 1
        updatedAtMs = max(updatedAtMs, now)
        try db.run(
            "UPDATE booking SET state = ?, version = ?, charged = ?, updated_at_ms = ? WHERE booking_id = ?",
            [
                .text(state.rawValue), .integer(version), .integer(charged ? 1 : 0), .integer(updatedAtMs),
                .text(bookingId),
            ])
        try saveBody(db, hold: hold)
    }

    private func saveBody(_ db: Database, hold: HoldRecord) throws {
        let text = String(decoding: JSONResponse.encode(body(hold: hold)), as: UTF8.self)
        try db.run(
            "INSERT INTO booking_version (booking_id, version, body) VALUES (?, ?, ?)",
            [.text(bookingId), .integer(version), .text(text)])
    }

    /// Whether `token` is this booking's challenge token (compared in time
    /// independent of where they differ; a row without one matches nothing).
    func isChallengeToken(_ token: String) -> Bool {
        guard let challengeToken, challengeToken.utf8.count == token.utf8.count else { return false }
        return zip(challengeToken.utf8, token.utf8).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// The voucher shown at the door: the one drawn when the booking was
    /// made (derived from the id in rows made before vouchers were stored).
    var voucherCode: String {
        storedVoucherCode ?? Self.voucherCode(SplitMix64.mix(SplitMix64.stableHash(bookingId)))
    }

    /// `BK-` and 8 characters of 32 (no `I`, `O`, `0`, `1`) taken from `value`'s low 40 bits.
    static func voucherCode(_ value: UInt64) -> String {
        let alphabet = Array("ABCDEFGHJKLMNPQRSTUVWXYZ23456789")
        var value = value
        var code = "BK-"
        for _ in 0..<8 {
            code.append(alphabet[Int(value % 32)])
            value /= 32
        }
        return code
    }

    var failure: FailureBody? {
        switch state {
        case .failed where wasAbandoned:
            return FailureBody(code: "abandoned", message: "The customer left 3-D Secure; nothing was charged.")
        case .failed:
            switch token {
            case .chargeDeclined:
                return FailureBody(
                    code: "card_declined", message: "The card was declined.", declineCode: "generic_decline")
            case .threeDSecureRequired:
                return FailureBody(code: "authentication_failed", message: "3-D Secure authentication failed.")
            case .processingError, .visa, .walletVisa:
                return FailureBody(code: "processing_error", message: "The payment could not be processed.")
            }
        case .expired:
            return FailureBody(code: "hold_expired", message: "The hold expired before the payment.")
        default:
            return nil
        }
    }

    func body(hold: HoldRecord) -> BookingBody {
        BookingBody(
            BookingFields(
                bookingId: bookingId, state: state, version: version, holdId: holdId, offerId: hold.offerId,
                idempotencyKey: idempotencyKey,
                nextAction: state == .actionRequired
                    ? challengeURL.map { NextActionBody(type: "redirect", url: $0) } : nil,
                voucherCode: state == .confirmed ? voucherCode : nil, failure: failure,
                refund: state == .cancelled ? refund : nil, guest: guest,
                createdAt: CalendarDay.timestamp(unixMilliseconds: createdAtMs),
                updatedAt: CalendarDay.timestamp(unixMilliseconds: updatedAtMs)),
            stay: hold.stay)
    }
}
