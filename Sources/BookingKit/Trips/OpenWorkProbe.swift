import BookingPrimitives
import BookingStore

/// Whether anything on this device can still change a trip by itself
/// (`BookingDatabase.hasOpenWork()`), read on a connection of its own,
/// opened the first time it is asked. What `tripUpdates()` keeps its timed
/// looks running on, where the system cannot tell of other processes'
/// writes: nothing open, no timer.
final class OpenWorkProbe: Sendable {
    private let directory: String
    private let connection = Locked<BookingDatabase?>(nil)

    init(directory: String) {
        self.directory = directory
    }

    /// True when something is open, or when the database cannot be read
    /// (looking on is the safe side).
    func hasOpenWork() -> Bool {
        connection.withLock { connection in
            do {
                let database = try connection ?? BookingDatabase(directory: directory, access: .readOnly)
                connection = database
                return try database.hasOpenWork()
            } catch {
                return true
            }
        }
    }
}
