import BookingCore

/// `GET /v1/events`: the account's booking changes, each only a hint (a
/// booking's id) that something changed. The sandbox's stand-in for APNs
/// and FCM; a client asks the server about the booking before it shows
/// anything.
package struct BookingEvents: Decodable, Sendable, Equatable, WireConsistency {
    /// One change of one booking.
    package struct Change: Decodable, Sendable, Equatable {
        /// Its place in the server's order.
        package let seq: Int64
        /// The booking that changed.
        package let bookingId: BookingID
        /// The booking's version after the change.
        package let version: Int64
    }

    /// The changes, oldest first.
    package let items: [Change]
    /// What to ask after next.
    package let lastSeq: Int64

    var contradiction: String? {
        if let bad = ContractID.firstViolation(items.map { ($0.bookingId.rawValue, "bookingId") }) { return bad }
        if let last = items.last, last.seq != lastSeq { return "lastSeq \(lastSeq) is not the last item's \(last.seq)" }
        if zip(items, items.dropFirst()).contains(where: { $0.seq >= $1.seq }) { return "the changes are not in order" }
        return nil
    }
}

extension BookingAPIClient {
    /// `GET /v1/events?after=&waitSeconds=`: the account's booking changes
    /// after `after` (from now when nil); with none yet, the server holds
    /// the request up to `waitSeconds` (0 to 25) for one.
    package func events(after: Int64?, waitSeconds: Int) async throws(APIError) -> BookingEvents {
        var query = [("waitSeconds", String(waitSeconds))]
        if let after { query.insert(("after", String(after)), at: 0) }
        return try await get(
            "/v1/events", query: query, limit: BodyLimit.events, as: BookingEvents.self,
            timeout: .seconds(waitSeconds) + configuration.readTimeout)
    }
}
