import BookingHTTPServer
import BookingSQLite
import Foundation

/// The idempotency records table: claim a key before the endpoint runs,
/// store its response in the endpoint's own transaction, replay it after.
enum IdempotencyRecords {
    /// What claiming a key found.
    enum Claim {
        /// The key is new (or was pruned): the caller runs the endpoint.
        case claimed
        /// A request with this key is still running.
        case inUse
        /// The key was used with other parameters.
        case reused
        /// The key's stored response.
        case replay(HTTPResponse)
        /// The key was closed (`close`): nothing under it ever runs.
        case closed
    }

    /// What closing a key found.
    enum Closing: Equatable {
        /// Closed now, or already: nothing under the key will ever run.
        case closed
        /// A request with this key is still running: not closed.
        case inUse
    }

    /// The fingerprint a closed key's record carries instead of a request's
    /// parameters. A request's fingerprint is a list of `name=value` pairs,
    /// so it never equals this.
    static let closedFingerprint = "(closed: no request under this key ever runs)"

    /// Prunes records older than the lifetime, then claims `key` for
    /// `account` and `endpoint`. Runs in its own committed transaction, so a
    /// colliding request sees the claim.
    static func claim(
        _ db: Database, account: String, endpoint: String, key: String, fingerprint: String, now: Int64,
        lifetimeMs: Int64
    ) throws -> Claim {
        try db.run(
            "DELETE FROM idempotency_record WHERE created_at_ms <= ? AND state = 'done'", [.integer(now - lifetimeMs)])
        let statement = try db.cachedStatement(
            "SELECT fingerprint, state, status, headers_json, body FROM idempotency_record WHERE account = ? AND endpoint = ? AND key = ?"
        )
        defer { statement.reset() }
        try statement.bind(account, at: 1)
        try statement.bind(endpoint, at: 2)
        try statement.bind(key, at: 3)
        if try statement.step() {
            if statement.string(at: 1) == "running" { return .inUse }
            if statement.string(at: 0) == closedFingerprint { return .closed }
            if statement.string(at: 0) != fingerprint { return .reused }
            var headers = HTTPHeaders()
            for pair in JSONResponse.decode([[String]].self, from: statement.data(at: 3)) ?? [] where pair.count == 2 {
                headers.add(name: pair[0], value: pair[1])
            }
            return .replay(
                HTTPResponse(status: Int(statement.int64(at: 2)), headers: headers, body: statement.data(at: 4)))
        }
        statement.reset()
        try db.run(
            "INSERT INTO idempotency_record (account, endpoint, key, fingerprint, state, created_at_ms) VALUES (?, ?, ?, ?, 'running', ?)",
            [.text(account), .text(endpoint), .text(key), .text(fingerprint), .integer(now)])
        return .claimed
    }

    /// Stores the endpoint's response for the claimed key (call inside the
    /// endpoint's transaction, so both commit or neither).
    static func finish(_ db: Database, account: String, endpoint: String, key: String, response: HTTPResponse) throws {
        let headers = response.headers.map { [$0.name, $0.value] }
        let headersJSON = String(decoding: JSONResponse.encode(headers), as: UTF8.self)
        try db.run(
            "UPDATE idempotency_record SET state = 'done', status = ?, headers_json = ?, body = ? WHERE account = ? AND endpoint = ? AND key = ?",
            [
                .integer(Int64(response.status)), .text(headersJSON), .blob(response.body), .text(account),
                .text(endpoint), .text(key),
            ])
    }

    /// Closes `key` of `endpoint` for `account`, for the client that can no
    /// longer send its request (call inside a transaction, after checking
    /// that nothing was made under the key): a running request keeps it
    /// (`inUse`); otherwise the record says closed from now on, whatever it
    /// held (nothing, or an error stored without a result: either way the
    /// key never ran to a booking), and `claim` answers `closed`. Pruned
    /// after the key's lifetime like every finished record.
    static func close(_ db: Database, account: String, endpoint: String, key: String, now: Int64) throws -> Closing {
        let state = try db.scalar(
            "SELECT state FROM idempotency_record WHERE account = ? AND endpoint = ? AND key = ?",
            [.text(account), .text(endpoint), .text(key)])
        if state == .text("running") { return .inUse }
        try db.run(
            """
            INSERT INTO idempotency_record (account, endpoint, key, fingerprint, state, created_at_ms)
            VALUES (?, ?, ?, ?, 'done', ?)
            ON CONFLICT (account, endpoint, key) DO UPDATE SET fingerprint = excluded.fingerprint,
                status = NULL, headers_json = NULL, body = NULL
            """,
            [.text(account), .text(endpoint), .text(key), .text(closedFingerprint), .integer(now)])
        return .closed
    }

    /// Forgets a claim whose endpoint could not store anything.
    static func release(_ db: Database, account: String, endpoint: String, key: String) throws {
        try db.run(
            "DELETE FROM idempotency_record WHERE account = ? AND endpoint = ? AND key = ? AND state = 'running'",
            [.text(account), .text(endpoint), .text(key)])
    }
}
