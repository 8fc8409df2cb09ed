import BookingSQLite

/// What the trip checks read from the files: the device's `trip` rows and
/// open requests (`booking.sqlite`), the sandbox's difference entries.
struct TripRow: Equatable, Sendable {
    var bookingID: String
    var status: String
    var version: Int64
}

extension AttemptFileReader {
    /// Every row of `trip`, by booking id.
    func tripRows() -> [TripRow] {
        read { database in
            guard
                let statement = try? database.prepare(
                    "SELECT booking_id, status, version FROM trip ORDER BY booking_id")
            else { return [] }
            var rows: [TripRow] = []
            try? statement.forEachRow {
                rows.append(TripRow(bookingID: $0.string(at: 0), status: $0.string(at: 1), version: $0.int64(at: 2)))
            }
            return rows
        } ?? []
    }

    /// The cancel and modify requests still open, as "cancel BOOKING" or "modify BOOKING".
    func openTripRequests() -> [String] {
        read { database in
            var open: [String] = []
            for table in ["cancel", "modify"] {
                guard
                    let statement = try? database.prepare(
                        "SELECT booking_id FROM \(table)_request WHERE status = 'OPEN' ORDER BY booking_id")
                else { continue }
                try? statement.forEachRow { open.append("\(table) \($0.string(at: 0))") }
            }
            return open
        } ?? []
    }
}

extension ServerHoldReader {
    /// The sandbox's difference entries that share a booking version with
    /// another (I13), as "BOOKING vN: COUNT entries".
    func repeatedDifferences() -> [String] {
        read { database in
            guard
                let statement = try? database.prepare(
                    """
                    SELECT booking_id, from_version, count(*) FROM ledger_difference
                    GROUP BY booking_id, from_version HAVING count(*) > 1 ORDER BY booking_id, from_version
                    """)
            else { return ["the sandbox's ledger_difference could not be read"] }
            var repeated: [String] = []
            try? statement.forEachRow {
                repeated.append("\($0.string(at: 0)) v\($0.int64(at: 1)): \($0.int64(at: 2)) entries")
            }
            return repeated
        } ?? []
    }
}
