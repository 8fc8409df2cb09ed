import BookingStore

/// Opens C baseline databases with the store's own schema: the SQL embedded
/// from `Schema/client/`, the very text the store's migrator runs.
enum BaselineSchema {
    /// booking.sqlite's settings (WAL, FULL) and tables, in `directory`.
    static func openBooking(in directory: String) throws -> BaselineDatabase {
        try open(directory + "/booking.sqlite", fullSync: true, steps: ClientSchema.bookingSteps.map(\.sql))
    }

    /// cache.sqlite's settings (WAL, OFF) and tables, in `directory`.
    static func openCache(in directory: String) throws -> BaselineDatabase {
        try open(directory + "/cache.sqlite", fullSync: false, steps: ClientSchema.cacheSteps.map(\.sql))
    }

    private static func open(_ path: String, fullSync: Bool, steps: [String]) throws -> BaselineDatabase {
        guard !steps.isEmpty else { throw BenchError(description: "no embedded schema steps for \(path)") }
        let database = try BaselineDatabase(path: path, fullSync: fullSync)
        for sql in steps { try database.execute(sql) }
        return database
    }
}
