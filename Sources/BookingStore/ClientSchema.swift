import BookingSQLite

/// The client's schema steps, embedded from `Schema/client/` at build time.
///
/// Files named `booking_*.sql` build `booking.sqlite`; files named
/// `cache_*.sql` build `cache.sqlite`.
package enum ClientSchema {
    /// The steps of `booking.sqlite`, in order.
    package static var bookingSteps: [Migrator.Step] { steps(prefix: "booking_") }

    /// The steps of `cache.sqlite`, in order.
    package static var cacheSteps: [Migrator.Step] { steps(prefix: "cache_") }

    /// Every embedded step as (file name without `.sql`, SQL), in name order.
    package static var embeddedFiles: [(name: String, sql: String)] { EmbeddedSchema.steps }

    private static func steps(prefix: String) -> [Migrator.Step] {
        EmbeddedSchema.steps
            .filter { $0.name.hasPrefix(prefix) }
            .map { Migrator.Step(name: $0.name, sql: $0.sql) }
    }
}
