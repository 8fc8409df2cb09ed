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

        /// A row.
        package init(kind: String, enabled: Bool, reason: String?, changedAt: Int64, readAt: Int64) {
            self.kind = kind
            self.enabled = enabled
            self.reason = reason
            self.changedAt = changedAt
            self.readAt = readAt
        }
    }

    /// The rows saved for `server`, by kind; rows that break the table's
    /// own rules (a hand-edited file) are left out.
    package func rows(server: String) throws -> [Row] {
        let statement = try database.cachedStatement(
            """
            SELECT kind, enabled, reason, changed_at, read_at FROM payment_method_switch
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
                    readAt: row.int64(at: 4)))
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
                    INSERT INTO payment_method_switch (server, kind, enabled, reason, changed_at, read_at)
                    VALUES (?1, ?2, ?3, ?4, ?5, ?6)
                    """,
                    [
                        .text(server), .text(row.kind), .integer(row.enabled ? 1 : 0),
                        row.reason.map(SQLiteValue.text) ?? .null, .integer(row.changedAt), .integer(row.readAt),
                    ])
            }
        }
    }
}

extension CacheDatabase {
    /// The payment-method switches read from the servers.
    package var paymentMethodSwitches: PaymentMethodSwitchTable { PaymentMethodSwitchTable(database: database) }
}
