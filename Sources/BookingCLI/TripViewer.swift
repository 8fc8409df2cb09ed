import BookingAPI
import BookingCore
import BookingKit
import BookingViewer
import Foundation

/// The offline trip viewer behind `trips`, `trip` and `open`: it shows the
/// trips from `booking.sqlite` first, with no network and no sandbox, then
/// refreshes them: for at most `bound` it settles unfinished attempts and
/// syncs the trips with the server, and says what changed. When that fails
/// or takes too long the copy shown is said to be the device's, and why:
/// "offline" only when the network did not carry the request (the server
/// down, the machine offline, no answer in time); otherwise the reason (a
/// certificate refused, a read-only data directory, a full disk).
package struct TripViewer: Sendable {
    /// The longest the viewer waits for the server.
    package static let bound: Duration = .milliseconds(1500)

    /// The trips on this device.
    package let repository: TripRepository
    /// Why a refresh cannot be saved (a read-only file or data directory);
    /// nil when it can.
    package let cannotSave: String?

    /// What a refresh found.
    package struct Refresh: Sendable {
        /// Why the copy was not refreshed; nil when the server confirmed it
        /// just now.
        package var stale: Stale?
        /// The trips the server changed.
        package var changed: [BookingID]

        /// Whether the server confirmed the copy just now.
        package var isFresh: Bool { stale == nil }

        /// No refresh, for `stale`.
        package static func notRefreshed(_ stale: Stale) -> Refresh { Refresh(stale: stale, changed: []) }
    }

    /// Why the device's copy was not refreshed.
    package enum Stale: Sendable, Equatable {
        /// No refresh was asked for (`--json` without `--refresh`).
        case notAsked
        /// The network did not carry it: the server down, the machine
        /// offline, no answer within `bound`.
        case offline
        /// Anything else, in words: a certificate refused, no address for
        /// the server's name, a copy that cannot be saved.
        case because(String)
    }

    /// Opens the trips on this device: no server, no network. When
    /// `booking.sqlite` cannot be written (a read-only file or data
    /// directory) it is opened read-only: the device's copy shows, with a
    /// note on stderr that a refresh cannot be saved.
    package static func local(_ invocation: Invocation) throws(CommandFailure) -> TripViewer {
        let settings = invocation.settings
        // A data directory that cannot be written (read-only, immutable) is
        // still shown: its space found without claiming anything.
        let directory: String
        if let claimed = try? settings.claimedSpaceDirectory(console: invocation.console) {
            directory = claimed
        } else {
            directory = try settings.spaceDirectory()
        }
        return try local(directory, console: invocation.console)
    }

    /// The same over `directory`.
    package static func local(_ directory: String, console: Console) throws(CommandFailure) -> TripViewer {
        try Services.makeDirectory(directory)
        let writeError: any Error
        do {
            return TripViewer(repository: try TripRepository(directory: directory, api: nil), cannotSave: nil)
        } catch {
            writeError = error
        }
        do {
            let repository = try TripRepository(directory: directory, api: nil, access: .readOnly)
            console.note("booking: showing this device's copy read-only; cannot save a refresh: \(writeError)")
            return TripViewer(repository: repository, cannotSave: Self.readOnlyReason(directory, writeError))
        } catch {
            let message = "cannot open the trips in \(directory): \(error)"
            throw Services.isUnusableFile(error) ? .rejected(message) : .failed(message)
        }
    }

    /// Settles unfinished attempts and syncs the trips with the server, for
    /// at most `bound`. Trips a newer server sent that this build's schema
    /// refuses are named on stderr and skipped.
    package func refresh(_ invocation: Invocation) async -> Refresh {
        if let cannotSave { return .notRefreshed(.because("cannot save: \(cannotSave)")) }
        let services: Services
        do {
            services = try invocation.services(pace: .quick)
        } catch {
            // No server to start or reach: the device's copy stands.
            invocation.console.note("booking: \(error.message); showing this device's copy")
            return .notRefreshed(.because(error.message))
        }
        let client = services.client
        let directory = invocation.settings.dataDirectory
        let outcome = await TimeLimit.run(Self.bound) { () -> Result<TripRepository.SyncReport, BookingClientError> in
            await services.settleAtLaunch()
            do {
                return .success(try await client.syncTripsReport())
            } catch {
                return .failure(BookingClientError(error, directory: directory))
            }
        }
        let sync: TripRepository.SyncReport
        switch outcome {
        case nil, .failure(.serverUnreachable)?, .failure(.serverFailed)?:
            // No answer in time (a silent server and a network that drops
            // packets look the same from here), the connection refused, or
            // the server failing: the copy is the device's, as offline.
            return .notRefreshed(.offline)
        case .failure(let error)?:
            // Not the network: the reason is said with the copy.
            return .notRefreshed(.because("\(error)"))
        case .success(let report)?:
            sync = report
        }
        for id in sync.refused {
            invocation.console.note(
                "booking: trip \(id.rawValue.terminalSafe) from the server has a value this version cannot save; "
                    + "kept the device's copy (update booking to see it)")
        }
        return Refresh(stale: nil, changed: sync.changed)
    }

    /// Why `directory`'s trips cannot be saved, in words: the directory or
    /// the file read-only when the file system says so, else the error
    /// met when opening it for writing.
    private static func readOnlyReason(_ directory: String, _ error: any Error) -> String {
        let file = (directory as NSString).appendingPathComponent("booking.sqlite")
        if !FileManager.default.isWritableFile(atPath: directory) {
            return "the data directory \(directory) is read-only"
        }
        if FileManager.default.fileExists(atPath: file) && !FileManager.default.isWritableFile(atPath: file) {
            return "\(file) is read-only"
        }
        return "\(error)"
    }

    /// What says on stderr that a saved trip cannot be shown, by id.
    package static func noteSkipping(_ console: Console) -> @Sendable (SkippedTrip) -> Void {
        { console.note(TripText.skippedNote($0)) }
    }

    /// One sentence on how old the copy is and why: `Offline: this
    /// device's copy, synced 3 min ago.`, or the reason it was not
    /// refreshed when that is not the network.
    package static func freshness(_ refresh: Refresh, oldest: Date?) -> String {
        let ago = oldest.map { AgeText.describe(since: $0) }
        switch refresh.stale {
        case nil: return "Checked with the server: synced just now."
        case .offline: return TripText.offline(syncedAgo: ago)
        case .notAsked: return TripText.notRefreshed(TripText.refreshNotAsked, syncedAgo: ago)
        case .because(let reason): return TripText.notRefreshed(reason, syncedAgo: ago)
        }
    }

    /// The freshness as JSON fields: `offline` (true only when the network
    /// did not carry the refresh), `notRefreshed` (why not, in words; null
    /// when refreshed), `syncedAt`, `syncedAgo`, `ageSeconds`.
    package static func freshnessJSON(_ refresh: Refresh, oldest: Date?) -> [(String, JSONValue)] {
        let now = Date()
        let date = refresh.isFresh ? now : oldest
        let why: String?
        switch refresh.stale {
        case nil: why = nil
        case .notAsked: why = TripText.refreshNotAsked
        case .offline: why = TripText.offlineReason
        case .because(let reason): why = reason
        }
        return [
            ("offline", .bool(refresh.stale == .offline)),
            ("notRefreshed", why.map { .string($0) } ?? .null),
            ("syncedAt", date.map { .string(AgeText.iso($0)) } ?? .null),
            ("syncedAgo", date.map { .string(AgeText.describe(since: $0, now: now)) } ?? .null),
            ("ageSeconds", date.map { .number(Int(max(0, now.timeIntervalSince($0)))) } ?? .null),
        ]
    }
}
