import BookingSQLite

extension BookingDatabase {
    /// The rows money may still ride on: an attempt not final (a payment
    /// may have run, or a room may be held), an open cancellation, change
    /// of dates, abandon or release, and the trips an open cancellation or
    /// change of dates is about. Signing out keeps them, since their keys
    /// are the only way to learn how they ended; everything else goes.
    static let keptAtSignOut = """
        SELECT (SELECT count(*) FROM booking_attempt)
             + (SELECT count(*) FROM sent_request WHERE status = 'OPEN')
        """

    /// Signing out: deletes, in one transaction, every row of the account
    /// that no money rides on (final attempts, trips with no open
    /// cancellation or change of dates, finished requests); keeps the rest
    /// (`keptAtSignOut`) until the account's next sign-in settles it.
    /// Returns how many rows were kept.
    @discardableResult
    package func forgetSettledRows() throws -> Int {
        try database.transaction {
            try database.executeScript(
                """
                DELETE FROM booking_attempt
                    WHERE status IN ('CONFIRMED', 'FAILED', 'EXPIRED', 'CANCELLED', 'ABANDONED');
                DELETE FROM trip
                    WHERE booking_id NOT IN (
                        SELECT booking_id FROM sent_request
                        WHERE status = 'OPEN' AND (kind = 'CANCEL' OR kind = 'MODIFY'));
                DELETE FROM sent_request WHERE status <> 'OPEN';
                DELETE FROM booked_again WHERE attempt_id NOT IN (SELECT attempt_id FROM booking_attempt);
                """)
            guard case .integer(let kept) = try database.scalar(Self.keptAtSignOut) else { return 0 }
            return Int(kept)
        }
    }
}
