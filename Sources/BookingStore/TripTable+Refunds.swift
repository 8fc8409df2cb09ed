import BookingCore
import BookingSQLite

extension TripTable {
    /// The query of `pendingRefunds()`, answered from the partial index
    /// `trip_pending_refund` (only the pending trips), never by reading
    /// every trip: every launch's reconciliation runs it.
    package static let pendingRefundsQuery =
        "SELECT booking_id FROM trip WHERE refund_state = 'PENDING' ORDER BY check_in, booking_id"

    /// The trips whose saved refund is still `PENDING`, in check-in order:
    /// the ones a reconciliation reads again until the server settles them.
    package func pendingRefunds() throws -> [BookingID] {
        let statement = try database.cachedStatement(Self.pendingRefundsQuery)
        defer { statement.reset() }
        var ids: [BookingID] = []
        while try statement.step() { ids.append(BookingID(statement.string(at: 0))) }
        return ids
    }
}
