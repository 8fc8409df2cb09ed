import BookingPrimitives
import BookingSQLite
import Foundation

/// Reads the sandbox's `hold` table through its own connection, as an
/// auditor would: which holds keep a room now. Read straight from the file,
/// so checking never moves a booking on (reading through the API settles).
final class ServerHoldReader: Sendable {
    private let path: String
    private let account: String
    private let connection = Locked<Database?>(nil)

    init(path: String, account: String) {
        self.path = path
        self.account = account
    }

    /// The account's holds with no booking on them that have not run out at
    /// `nowMilliseconds` (the sandbox clock): each keeps a room.
    func liveHolds(nowMilliseconds: Int64) -> Set<String> {
        connection.withLock { connection in
            if connection == nil, FileManager.default.fileExists(atPath: path) {
                connection = try? Database(path: path, options: .init(readOnly: true))
            }
            guard let database = connection,
                let statement = try? database.prepare(
                    "SELECT hold_id FROM hold WHERE account = ? AND booking_id IS NULL AND expires_at_ms > ?")
            else { return [] }
            try? statement.bind(account, at: 1)
            try? statement.bind(nowMilliseconds, at: 2)
            var holds: Set<String> = []
            try? statement.forEachRow { holds.insert($0.string(at: 0)) }
            return holds
        }
    }

    /// The idempotency key each of the account's holds was made under (its
    /// `POST /v1/holds`, as the server stored the answer): which device's
    /// chain of attempts made it. Read for the holds in `holds` only.
    func creatingKeys(of holds: Set<String>) -> [String: String] {
        guard !holds.isEmpty else { return [:] }
        return read { database in
            guard
                let statement = try? database.prepare(
                    "SELECT key, body FROM idempotency_record WHERE account = ? AND endpoint = 'POST /v1/holds' "
                        + "AND state = 'done' AND status BETWEEN 200 AND 299")
            else { return [:] }
            try? statement.bind(account, at: 1)
            var keys: [String: String] = [:]
            try? statement.forEachRow { row in
                let body = try? JSONSerialization.jsonObject(with: row.data(at: 1)) as? [String: Any]
                if let hold = body?["holdId"] as? String, holds.contains(hold) { keys[hold] = row.string(at: 0) }
            }
            return keys
        } ?? [:]
    }

    /// Runs `body` on the reader's connection; nil before the file exists.
    func read<T>(_ body: (Database) -> T) -> T? {
        connection.withLock { connection in
            if connection == nil, FileManager.default.fileExists(atPath: path) {
                connection = try? Database(path: path, options: .init(readOnly: true))
            }
            return connection.map(body)
        }
    }

    /// Closes the connection.
    func close() {
        connection.withLock { $0 = nil }
    }
}
