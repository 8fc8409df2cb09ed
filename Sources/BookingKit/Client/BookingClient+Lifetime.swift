import BookingStore
import Foundation

// The client's lifetime: closing it, and the trips as they change.
extension BookingClient {
    /// Closes the client, for a sign-out or an account switch: every call
    /// after it throws `BookingClientError.closed` (the actions too), the
    /// streams of `tripUpdates()` end, and the trips' database is released
    /// (the remaining files close when the last reference to the client
    /// goes). A payment under way is not abandoned: it is saved, and the
    /// next client on the data directory recovers it at `launch()`.
    /// Closing twice does nothing more.
    ///
    /// ```swift
    /// client.close()
    /// client = try BookingClient(configurationForTheNewAccount)
    /// ```
    public func close() {
        isClosed.withLock { $0 = true }
        tripStore.withLock { $0 = nil }
        networkWatching.stop()
        // The trips' streams wait for a change: wake them, to end.
        BookingChanges.ring(directory: directory)
    }

    /// Throws `.closed` after `close()`.
    func checkOpen() throws(BookingClientError) {
        if isClosed.withLock({ $0 }) { throw .closed }
    }

    /// The trips saved on this device, now and after every change: the list
    /// first, then again each time it changes, whoever changed it (a
    /// payment confirmed here, `syncTrips()`, `cancel(_:)`, another process
    /// on the data directory such as a background job). Nothing polls while
    /// nothing changes: a commit of this process is heard at once (a commit
    /// hook), another process's write through the file system (Linux); the
    /// database's change counter then says whether the list moved, and it
    /// is read again only when it did. Where the system cannot tell of
    /// another process's writes (Apple platforms), the counter is read
    /// every `interval` while something on the device can still change a
    /// trip by itself (a payment not settled, an open cancellation or change
    /// of dates, a refund pending), and at each `returnedToApp()`; with
    /// nothing open, no timer runs. Ends when the reading task is cancelled or
    /// the client is closed. A read that fails is logged and tried again
    /// each second until it works.
    ///
    /// ```swift
    /// for await trips in client.tripUpdates() { self.trips = trips }
    /// ```
    public func tripUpdates(every interval: Duration = .milliseconds(500)) -> AsyncStream<[Trip]> {
        AsyncStream { continuation in
            let directory = self.directory
            let task = Task { [self] in
                // A connection of its own: every other one's commits, this
                // client's included, move its `data_version`.
                var watcher: BookingDatabase?
                var seen: (version: Int, trips: [Trip])?
                let logger = self.logger
                let openWork = OpenWorkProbe(directory: directory)
                let wakes = BookingChanges.wakes(
                    directory: directory, fallbackInterval: interval, watchFiles: seams.watchesFiles,
                    worthLooking: { openWork.hasOpenWork() }
                ) {
                    logger.log(
                        .info,
                        "another process's changes to the trips are looked for every \(interval) while a payment, "
                            + "a cancellation, a change of dates or a refund is open",
                        ["reason": "the system reports no file changes here"])
                }
                wakes: for await _ in wakes {
                    // A read that fails is tried again each second until it works.
                    while !Task.isCancelled {
                        if isClosed.withLock({ $0 }) { break wakes }
                        do {
                            let database = try watcher ?? BookingDatabase(directory: directory, access: .readOnly)
                            watcher = database
                            if let next = try Self.readTrips(database, after: seen?.version) {
                                if next.trips != seen?.trips { continuation.yield(next.trips) }
                                seen = next
                            }
                            break
                        } catch {
                            logger.warning("cannot read the trips", error: error)
                            // Real time: the next try of a read that failed.
                            guard (try? await Task.sleep(for: .seconds(1))) != nil else { break wakes }
                        }
                    }
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// The trips with the change counter they were read at, when the
    /// counter moved since `version` (or nothing was read yet); nil otherwise.
    private static func readTrips(_ database: BookingDatabase, after version: Int?) throws -> (
        version: Int, trips: [Trip]
    )? {
        let now = try database.database.pragma("data_version").flatMap { Int($0) } ?? 0
        if let version, version == now { return nil }
        var trips: [Trip] = []
        try database.trips.forEach(includingJSON: true) { trips.append(Trip(TripRepository.Trip(record: $0))) }
        return (now, trips)
    }
}
