import BookingCore
import BookingSQLite
import BookingStore
import Foundation

/// Records with sensible defaults for the store's tests.
enum Fixtures {
    static let epoch = Date(timeIntervalSince1970: 1_790_000_000)

    static func attempt(_ id: String, phase: AttemptPhase = .holdRequested, createdAt: Date = epoch) -> SavedAttempt {
        SavedAttempt(attempt: identity(id), phase: phase, createdAt: createdAt)
    }

    /// Attempt `id`'s identity: key `key-<id>`, offer `offer-<id>`, quote `quote-<id>`.
    static func identity(_ id: String, key: String? = nil) -> BookingFlow.Attempt {
        BookingFlow.Attempt(
            id: AttemptID(id), key: IdempotencyKey(key ?? "key-\(id)"), offerID: OfferID("offer-\(id)"),
            quoteID: QuoteID("quote-\(id)"))
    }

    /// An attempt the server granted a hold for (`HELD`, with hold `h-<id>`).
    static func held(_ id: String) -> SavedAttempt {
        var record = attempt(id, phase: .held)
        record.holdID = HoldID("h-\(id)")
        return record
    }

    static func trip(
        _ id: String, checkIn: String = "2026-11-03", checkOut: String = "2026-11-05",
        version: Int64 = 5, status: BookingStatus = .confirmed
    ) -> TripRecord {
        TripRecord(
            bookingID: BookingID(id), status: status,
            propertyJSON: #"{"name":"Casa \#(id)","city":"Lisbon"}"#, checkIn: checkIn, checkOut: checkOut,
            voucherCode: "V-\(id)", version: Version(rawValue: version)!, syncedAt: epoch)
    }

    static func version(_ value: Int64) -> Version { Version(rawValue: value)! }

    /// How SQLite will run `sql` on `database`: the detail of each line of
    /// `EXPLAIN QUERY PLAN` (e.g. "SCAN trip USING INDEX trip_by_check_in").
    static func queryPlan(_ sql: String, in database: Database) throws -> [String] {
        let statement = try database.prepare("EXPLAIN QUERY PLAN " + sql)
        var plan: [String] = []
        while try statement.step() { plan.append(statement.string(at: 3)) }
        return plan
    }
}
