import Foundation

/// Where and how much of the booking flow's event log a `BookingClient`
/// keeps, for bug reports that replay (`BookingClient.bugReport(attempt:)`).
/// Off unless the app sets one in `BookingClient.Configuration.flowLog`.
///
/// Each run of the app (each `BookingClient`) writes one file,
/// `bookingkit-<UTC time>-<pid>.jsonl`: one JSON line per event the flow
/// took, with the stage and effects it led to, never a payment token or a
/// card-like number. When a client is made, files older than `maximumAge`
/// are deleted, then the oldest files go until the directory's logs fit in
/// `maximumBytes`: whole files, since a report replays each run from its
/// first event. The run being written is never deleted. Files of other
/// names in the directory are left alone.
public struct FlowLogSettings: Sendable, Equatable {
    /// The directory of the logs (made `0700` if missing): a subdirectory
    /// of the app's caches or Application Support directory, for instance.
    public var directory: URL
    /// The most bytes the logs may take together, at least 4 KiB.
    public var maximumBytes: Int
    /// How long a log is kept.
    public var maximumAge: Duration

    /// Settings.
    ///
    /// - Parameters:
    ///   - directory: where the logs go.
    ///   - maximumBytes: their size limit, together (1 MiB by default; at least 4 KiB).
    ///   - maximumAge: how long each is kept (7 days by default).
    public init(directory: URL, maximumBytes: Int = 1 << 20, maximumAge: Duration = .seconds(7 * 86_400)) {
        self.directory = directory
        self.maximumBytes = max(4_096, maximumBytes)
        self.maximumAge = maximumAge
    }
}
