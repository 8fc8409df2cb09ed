import BookingSQLite

extension BookingDatabase {
    /// Whether anything on this device can still change a trip by itself:
    /// an attempt not final (its payment may confirm), an open cancellation
    /// or change of dates, or a refund still pending. Where the system
    /// cannot tell of another process's writes, the trips are looked at on
    /// a timer only while this is true (`BookingChanges`).
    package func hasOpenWork() throws -> Bool {
        let value = try database.scalar(
            """
            SELECT EXISTS (SELECT 1 FROM booking_attempt
                           WHERE status NOT IN ('CONFIRMED', 'FAILED', 'EXPIRED', 'CANCELLED', 'ABANDONED'))
                OR EXISTS (SELECT 1 FROM sent_request
                           WHERE status = 'OPEN' AND (kind = 'CANCEL' OR kind = 'MODIFY'))
                OR EXISTS (SELECT 1 FROM trip WHERE refund_state = 'PENDING')
            """)
        return value == .integer(1)
    }
}
