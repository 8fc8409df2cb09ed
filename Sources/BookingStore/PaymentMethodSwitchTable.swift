import BookingSQLite

/// The `payment_method_switch` table of `cache.sqlite`: per server origin
/// and payment method kind, the server's switch as this device last read it.
///
/// A hint the cache may lose at any time: a rebuilt cache reads as a client
/// that never heard, whose defaults are safe (the server refuses a kind
/// switched off whatever the client believes).
package struct PaymentMethodSwitchTable {
    let database: Database

    /// One kind as saved.
    package struct Row: Equatable, Sendable {
        /// The kind's name (`card`, `wallet`, `threeDSecure`).
        package var kind: String
        /// Whether it takes payments.
        package var enabled: Bool
        /// The server's reason when it does not, if it gave one.
        package var reason: String?
        /// When the switch last changed on the server, unix milliseconds.
        package var changedAt: Int64
        /// When this device first read this value, unix milliseconds.
        package var readAt: Int64
        /// When this device last read the switch (any value), unix
        /// milliseconds; nil for a row saved before it was kept.
        package var checkedAt: Int64?

        /// A row.
        package init(
            kind: String, enabled: Bool, reason: String?, changedAt: Int64, readAt: Int64, checkedAt: Int64? = nil
        ) {
            self.kind = kind
            self.enabled = enabled
            self.reason = reason
            self.changedAt = changedAt
            self.readAt = readAt
            self.checkedAt = checkedAt
        }
    }

    /// The rows saved for `server`, by kind; rows that break the table's
    /// own rules (a hand-edited file) are left out.
    package func rows(server: String) throws -> [Row] {
        let statement = try database.cachedStatement(
            """
            SELECT kind, enabled, reason, changed_at, read_at, checked_at FROM payment_method_switch
            WHERE server = ? AND typeof(changed_at) = 'integer' AND typeof(read_at) = 'integer'
            ORDER BY kind
            """)
        defer { statement.reset() }
        try statement.bind(server, at: 1)
        var rows: [Row] = []
        try statement.forEachRow { row in
            rows.append(
                Row(
                    kind: row.string(at: 0), enabled: row.int64(at: 1) == 1,
                    reason: row.isNull(at: 2) ? nil : row.string(at: 2), changedAt: row.int64(at: 3),
                    readAt: row.int64(at: 4), checkedAt: row.isNull(at: 5) ? nil : row.int64(at: 5)))
        }
        return rows
    }

    /// Replaces what is saved for `server` with `rows`, in one transaction.
    package func replace(server: String, with rows: [Row]) throws {
        try database.transaction {
            try database.run("DELETE FROM payment_method_switch WHERE server = ?", [.text(server)])
            for row in rows {
                try database.run(
                    """
                    INSERT INTO payment_method_switch (server, kind, enabled, reason, changed_at, read_at, checked_at)
                    VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
                    """,
                    [
                        .text(server), .text(row.kind), .integer(row.enabled ? 1 : 0),
                        row.reason.map(SQLiteValue.text) ?? .null, .integer(row.changedAt), .integer(row.readAt),
                        row.checkedAt.map(SQLiteValue.integer) ?? .null,
                    ])
            }
        }
    }

    /// Notes that the switch saved for `server` was read again at `checkedAt`
    /// (unix milliseconds) and said the same: only the check time moves,
    /// and never back.
    package func markChecked(server: String, at checkedAt: Int64) throws {
        try database.run(
            """
            UPDATE payment_method_switch SET checked_at = ?2
            WHERE server = ?1 AND (checked_at IS NULL OR checked_at < ?2)
            """, [.text(server), .integer(checkedAt)])
    }
}

extension CacheDatabase {
    /// The payment-method switches read from the servers.
    package var paymentMethodSwitches: PaymentMethodSwitchTable { PaymentMethodSwitchTable(database: database) }
}
