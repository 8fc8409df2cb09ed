import BookingAPI
import BookingCore
import BookingKit
import BookingStore
import BookingViewer
import Foundation

/// The offline trip viewer behind `trips`, `trip` and `open`: it shows the
/// trips from `booking.sqlite` first, with no network and no sandbox, then
/// refreshes them: for at most `bound` it settles unfinished attempts and
/// syncs the trips with the server, and says what changed. When that fails
/// or takes too long (the server is down, the machine offline) the copy
/// shown is said to be the device's.
package struct TripViewer: Sendable {
    /// The longest the viewer waits for the server.
    package static let bound: Duration = .milliseconds(1500)

    /// The trips on this device.
    package let repository: TripRepository
    /// Whether a refresh can be saved (the file is not read-only).
    package let canSave: Bool

    /// What a refresh found.
    package struct Refresh: Sendable {
        /// Whether the server confirmed the copy just now.
        package var isFresh: Bool
        /// The trips the server changed.
        package var changed: [BookingID]
    }

    /// Opens the trips on this device: no server, no network. When
    /// `booking.sqlite` cannot be written (a read-only file or data
    /// directory) it is opened read-only: the device's copy shows, with a
    /// note on stderr that a refresh cannot be saved.
    package static func local(_ invocation: Invocation) throws(CommandFailure) -> TripViewer {
        try local(invocation.settings.claimedSpaceDirectory(console: invocation.console), console: invocation.console)
    }

    /// The same over `directory`.
    package static func local(_ directory: String, console: Console) throws(CommandFailure) -> TripViewer {
        try Services.makeDirectory(directory)
        let writeError: any Error
        do {
            return TripViewer(repository: try TripRepository(directory: directory, api: nil), canSave: true)
        } catch {
            writeError = error
        }
        do {
            let repository = try TripRepository(directory: directory, api: nil, access: .readOnly)
            console.note("booking: showing this device's copy read-only; cannot save a refresh: \(writeError)")
            return TripViewer(repository: repository, canSave: false)
        } catch {
            let message = "cannot open the trips in \(directory): \(error)"
            throw Services.isUnusableFile(error) ? .rejected(message) : .failed(message)
        }
    }

    /// Settles unfinished attempts and syncs the trips with the server, for
    /// at most `bound`. Trips a newer server sent that this build's schema
    /// refuses are named on stderr and skipped.
    package func refresh(_ invocation: Invocation) async -> Refresh {
        let offline = Refresh(isFresh: false, changed: [])
        guard canSave else { return offline }
        let services: Services
        do {
            services = try invocation.services(pace: .quick)
        } catch {
            // No server to start or reach: the device's copy stands.
            invocation.console.note("booking: \(error.message); showing this device's copy")
            return offline
        }
        let client = services.client
        let outcome = await TimeLimit.run(Self.bound) { () -> TripRepository.SyncReport? in
            await services.settleAtLaunch()
            return try? await client.syncTripsReport()
        }
        guard let sync = outcome ?? nil else { return offline }
        for id in sync.refused {
            invocation.console.note(
                "booking: trip \(id.rawValue.terminalSafe) from the server has a value this version cannot save; "
                    + "kept the device's copy (update booking to see it)")
        }
        return Refresh(isFresh: true, changed: sync.changed)
    }

    /// What says on stderr that a saved trip cannot be shown, by id.
    package static func noteSkipping(_ console: Console) -> @Sendable (TripTable.Skipped) -> Void {
        { console.note(TripText.skippedNote($0)) }
    }

    /// One sentence on how old the copy is: `synced 3 min ago`.
    package static func freshness(_ isFresh: Bool, oldest: Date?) -> String {
        if isFresh { return "Checked with the server: synced just now." }
        return TripText.offline(syncedAgo: oldest.map { AgeText.describe(since: $0) })
    }

    /// The freshness as JSON fields: `offline`, `syncedAt`, `syncedAgo`, `ageSeconds`.
    package static func freshnessJSON(_ isFresh: Bool, oldest: Date?) -> [(String, JSONValue)] {
        let now = Date()
        let date = isFresh ? now : oldest
        return [
            ("offline", .bool(!isFresh)),
            ("syncedAt", date.map { .string(AgeText.iso($0)) } ?? .null),
            ("syncedAgo", date.map { .string(AgeText.describe(since: $0, now: now)) } ?? .null),
            ("ageSeconds", date.map { .number(Int(max(0, now.timeIntervalSince($0)))) } ?? .null),
        ]
    }
}
