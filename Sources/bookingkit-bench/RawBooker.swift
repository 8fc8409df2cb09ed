import CBookingSQLiteBaseline
import Foundation

/// The end-to-end suite's baseline: the contract's two POSTs on a raw
/// keep-alive socket and the four durable commits in raw sqlite3 C, on
/// `booking.sqlite`'s own schema and settings (WAL, `synchronous=FULL`).
/// Nothing more: no flow, no answer checks beyond finding the ids.
final class RawBooker {
    private let http: RawHTTPConnection
    private let database: BaselineDatabase
    private var serial = 0

    init(port: UInt16, directory: String) throws {
        http = try RawHTTPConnection(port: port)
        database = try BaselineSchema.openBooking(in: directory)
    }

    /// Holds `offer` and pays with `tok_visa`, committing the attempt before
    /// each POST and the answer after it.
    func book(_ offer: (id: String, quote: String)) throws {
        serial += 1
        let attempt = "att_raw_\(serial)"
        let key = UUID().uuidString.lowercased()
        let now = Int64(Date().timeIntervalSince1970 * 1_000)
        try database.execute(
            "INSERT INTO booking_attempt (attempt_id, idempotency_key, offer_id, quote_id, status, created_at, updated_at) "
                + "VALUES ('\(attempt)', '\(key)', '\(offer.id)', '\(offer.quote)', 'HOLD_REQUESTED', \(now), \(now))")
        let hold = try http.send(
            "POST", "/v1/holds", headers: headers(key: key),
            body: "{\"offerId\":\"\(offer.id)\",\"quoteId\":\"\(offer.quote)\"}")
        guard hold.status == 201, let holdID = Self.string("holdId", in: hold.body) else {
            throw BenchError(description: "booking: the raw hold answered \(hold.status)")
        }
        try database.execute(
            "UPDATE booking_attempt SET status = 'HELD', hold_id = '\(holdID)', updated_at = \(now) "
                + "WHERE attempt_id = '\(attempt)'")
        try database.execute(
            "UPDATE booking_attempt SET status = 'PAYMENT_SUBMITTED', updated_at = \(now) WHERE attempt_id = '\(attempt)'"
        )
        let booking = try http.send(
            "POST", "/v1/bookings", headers: headers(key: key + "-pay"),
            body: "{\"holdId\":\"\(holdID)\",\"paymentToken\":\"tok_visa\"}")
        guard (200...201).contains(booking.status), let bookingID = Self.string("bookingId", in: booking.body),
            Self.string("state", in: booking.body) == "CONFIRMED"
        else {
            throw BenchError(description: "booking: the raw payment answered \(booking.status)")
        }
        let json = String(decoding: booking.body, as: UTF8.self).replacingOccurrences(of: "'", with: "''")
        try database.execute(
            "BEGIN; UPDATE booking_attempt SET status = 'CONFIRMED', booking_id = '\(bookingID)', version = 1, "
                + "updated_at = \(now) WHERE attempt_id = '\(attempt)'; "
                + "INSERT INTO trip (booking_id, status, property_json, check_in, check_out, version, synced_at) "
                + "VALUES ('\(bookingID)', 'CONFIRMED', '\(json)', json_extract('\(json)', '$.checkIn'), "
                + "json_extract('\(json)', '$.checkOut'), 1, \(now)); COMMIT;")
    }

    private func headers(key: String) -> [(String, String)] {
        [("Authorization", "Bearer sk_test_benchraw"), ("Accept", "application/json"), ("Idempotency-Key", key)]
    }

    /// The first `"name":"value"` string in a JSON body, found by bytes.
    static func string(_ name: String, in body: [UInt8]) -> String? {
        let needle = Array("\"\(name)\":\"".utf8)
        guard body.count >= needle.count else { return nil }
        for start in 0...(body.count - needle.count) where body[start..<start + needle.count].elementsEqual(needle) {
            let from = start + needle.count
            guard let end = body[from...].firstIndex(of: UInt8(ascii: "\"")) else { return nil }
            return String(decoding: body[from..<end], as: UTF8.self)
        }
        return nil
    }
}
