import BookingHTTPServer
import BookingSQLite

/// One change of a booking, as `GET /v1/events` lists it: what a push
/// would carry (the booking's id) and where the list stands.
struct BookingEventBody: Codable, Equatable, Sendable {
    /// The change's place in the sandbox's order (ask for those after it next).
    var seq: Int64
    var bookingId: String
    /// The booking's version after the change.
    var version: Int64
}

/// The body of `GET /v1/events`.
struct BookingEventList: Codable, Equatable, Sendable {
    var items: [BookingEventBody]
    /// The `seq` to ask after next: the last item's, or the one asked
    /// after (the latest change when none was given) when there are none.
    var lastSeq: Int64
}

extension SandboxHandler {
    /// The longest `waitSeconds` a request may ask for.
    static let longestEventWait = 25
    /// The most changes one answer lists.
    static let eventPageSize = 100

    /// `GET /v1/events?after=SEQ&waitSeconds=N`: the account's booking
    /// changes after `after` (from now when it is left out), oldest first;
    /// with none yet, the answer waits up to `waitSeconds` for one. The
    /// sandbox's stand-in for APNs and FCM: a real channel a process holds
    /// open, carrying only hints (a booking's id), never a state to show.
    func events(_ request: HTTPRequest, account: String, faults: FaultSet) async throws -> HTTPResponse {
        let query = try QueryParameters(request, allowed: ["after", "waitSeconds"])
        let wait = try query.integer("waitSeconds", in: 0...Self.longestEventWait, default: 0)
        let given: Int64? = query["after"] == nil ? nil : Int64(try query.integer("after", in: 0...Int.max))
        let deadline = ContinuousClock.now.advanced(by: .seconds(wait))
        var after = given
        while true {
            let generation = changes.generation
            let list = try database.transaction { db in
                let from = try after ?? Self.latestChange(db, account: account)
                return BookingEventList(items: try Self.changes(db, account: account, after: from), lastSeq: from)
            }
            after = list.lastSeq
            if !list.items.isEmpty || ContinuousClock.now >= deadline || Task.isCancelled {
                return try await performRead(faults: faults) { _, _ in
                    var answer = list
                    answer.lastSeq = list.items.last?.seq ?? list.lastSeq
                    return JSONResponse.make(status: 200, answer)
                }
            }
            await changes.wait(after: generation, timeout: deadline - ContinuousClock.now)
        }
    }

    /// The latest change of the account's bookings, 0 when none.
    static func latestChange(_ db: Database, account: String) throws -> Int64 {
        let value = try db.scalar(
            "SELECT coalesce(max(v.rowid), 0) FROM booking_version v JOIN booking b USING (booking_id) "
                + "WHERE b.account = ?", [.text(account)])
        guard case .integer(let seq) = value else { return 0 }
        return seq
    }

    /// The account's changes after `seq`, oldest first, a page at most.
    static func changes(_ db: Database, account: String, after seq: Int64) throws -> [BookingEventBody] {
        let statement = try db.cachedStatement(
            "SELECT v.rowid, v.booking_id, v.version FROM booking_version v JOIN booking b USING (booking_id) "
                + "WHERE b.account = ? AND v.rowid > ? ORDER BY v.rowid LIMIT ?")
        defer { statement.reset() }
        try statement.bind(account, at: 1)
        try statement.bind(seq, at: 2)
        try statement.bind(eventPageSize, at: 3)
        var items: [BookingEventBody] = []
        try statement.forEachRow {
            items.append(BookingEventBody(seq: $0.int64(at: 0), bookingId: $0.string(at: 1), version: $0.int64(at: 2)))
        }
        return items
    }
}
