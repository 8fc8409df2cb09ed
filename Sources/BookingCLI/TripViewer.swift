import BookingAPI
import BookingKit
import Foundation

/// The offline trip viewer behind `trips`, `trip` and `open`: it reads the
/// trips from `booking.sqlite` and never waits on the network for long.
/// First, for at most `bound`, it settles unfinished attempts and syncs the
/// trips with the server; when that fails or takes too long (the server is
/// down, the machine offline) the device's copy is shown and said to be one.
public struct TripViewer: Sendable {
    /// The longest the viewer waits for the server.
    public static let bound: Duration = .milliseconds(1500)

    /// The trips on this device.
    package let repository: TripRepository
    /// Whether the server confirmed the copy just now.
    public let isFresh: Bool

    /// Opens the trips and refreshes them within `bound`. When
    /// `booking.sqlite` cannot be written (a read-only file or data
    /// directory) it is opened read-only: the device's copy shows, with a
    /// note on stderr that a refresh cannot be saved.
    public static func open(_ invocation: Invocation) async throws(CommandFailure) -> TripViewer {
        let directory = invocation.settings.dataDirectory
        try Services.makeDirectory(directory)
        let services: Services
        do {
            services = try invocation.services()
        } catch {
            // No server to start or reach: the device's copy still shows.
            invocation.console.note("booking: \(error.message); showing this device's copy")
            return TripViewer(
                repository: try opened(directory, api: nil, console: invocation.console).repository,
                isFresh: false)
        }
        let trips = try opened(directory, api: services.launchAPI, console: invocation.console)
        guard trips.canSave else { return TripViewer(repository: trips.repository, isFresh: false) }
        let attempts = try? BookingRepository(directory: directory, api: services.launchAPI)
        let repository = trips.repository
        let outcome = await TimeLimit.run(bound) { () -> (ReconcileReport?, Bool) in
            var report: ReconcileReport?
            if let attempts, let pending = try? await attempts.nonFinalAttempts(), !pending.isEmpty {
                report = await attempts.reconcile()
            }
            let synced = (try? await repository.sync()) != nil
            return (report, synced)
        }
        if let report = outcome?.0, report.settledAnything {
            invocation.console.note("booking: settled at launch: \(report)")
        }
        return TripViewer(repository: repository, isFresh: outcome?.1 ?? false)
    }

    /// The trips, opened for reading and writing when possible, else
    /// read-only (then `canSave` is false and a note says why).
    private static func opened(_ directory: String, api: BookingAPIClient?, console: Console) throws(CommandFailure)
        -> (repository: TripRepository, canSave: Bool)
    {
        let writeError: any Error
        do {
            return (try TripRepository(directory: directory, api: api), true)
        } catch {
            writeError = error
        }
        do {
            let repository = try TripRepository(directory: directory, api: nil, access: .readOnly)
            console.note("booking: showing this device's copy read-only; cannot save a refresh: \(writeError)")
            return (repository, false)
        } catch {
            throw .failed("cannot open the trips in \(directory): \(error)")
        }
    }

    /// When the copy shown was last known to match the server: now when the
    /// sync just worked, else the oldest trip's last sync.
    public func syncedAt(oldest: Date?, now: Date = Date()) -> Date? {
        isFresh ? now : oldest
    }

    /// One sentence on how old the copy is: `synced 3 min ago`.
    public func freshness(oldest: Date?) -> String {
        if isFresh { return "Checked with the server: synced just now." }
        let age = oldest.map { "synced \(AgeText.describe(since: $0))" } ?? "never synced"
        return "Offline: this device's copy, \(age)."
    }

    /// The freshness as JSON fields: `offline`, `syncedAt`, `syncedAgo`, `ageSeconds`.
    public func freshnessJSON(oldest: Date?) -> [(String, JSONValue)] {
        let now = Date()
        let date = syncedAt(oldest: oldest, now: now)
        return [
            ("offline", .bool(!isFresh)),
            ("syncedAt", date.map { .string(AgeText.iso($0)) } ?? .null),
            ("syncedAgo", date.map { .string(AgeText.describe(since: $0, now: now)) } ?? .null),
            ("ageSeconds", date.map { .number(Int(max(0, now.timeIntervalSince($0)))) } ?? .null),
        ]
    }
}
