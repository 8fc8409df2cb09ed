import BookingCore
import BookingStore
import Foundation

extension BugReport {
    /// Makes the bundle for attempt `id` (the latest attempt when nil):
    /// its saved row, and every log (`*.jsonl`, `*.log`) in `logDirectory` (none when nil) with an entry that
    /// names it (each run whole, from its first state, so it replays), all
    /// redacted. A log that cannot be read is left out and named in
    /// `skippedLogs`, and so is a log directory that is there but cannot be
    /// listed.
    ///
    /// - Parameter secrets: values to remove wherever they appear (the API
    ///   key and bearer token in use).
    /// - Throws: `BugReportError.unknownAttempt` / `.noAttempt`; the
    ///   store's error when the row cannot be read.
    package static func make(
        attempt id: AttemptID?, database: BookingDatabase, logDirectory: String?, program: String,
        secrets: [String] = [], now: Date = Date()
    ) throws -> (report: BugReport, skippedLogs: [String]) {
        let saved: SavedAttempt
        if let id {
            guard let found = try database.attempts.attempt(id: id) else {
                throw BugReportError.unknownAttempt(id.rawValue)
            }
            saved = found
        } else {
            guard let latest = try database.attempts.latest() else { throw BugReportError.noAttempt }
            saved = latest
        }
        let redaction = BugReportRedaction(secrets: secrets)
        var runs: [Run] = []
        var skipped: [String] = []
        var names: [String] = []
        if let logDirectory {
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: logDirectory)
            } catch  where !FileManager.default.fileExists(atPath: logDirectory) {
                // No run has written a log yet: the report has no runs.
            } catch {
                // There but unreadable: said, so a report is never silently without its runs.
                skipped.append("\(logDirectory): \(error.localizedDescription)")
            }
        }
        let quotedID = Data("\"\(saved.attemptID.rawValue)\"".utf8)
        let encoder = JSONEncoder()
        for name in names.filter({ $0.hasSuffix(".jsonl") || $0.hasSuffix(".log") }).sorted() {
            let path = ((logDirectory ?? "") as NSString).appendingPathComponent(name)
            let entries: [EventLog.Entry]
            do {
                entries = try EventLog.read(path)
            } catch {
                skipped.append("\(name): \(error)")
                continue
            }
            let namesAttempt = entries.contains { entry in
                (try? encoder.encode(entry.event)).map { $0.range(of: quotedID) != nil } ?? false
            }
            if namesAttempt { runs.append(Run(log: name, entries: entries.map(redaction.redacting))) }
        }
        let report = BugReport(
            createdAt: Int64(now.timeIntervalSince1970 * 1_000), program: program, platform: Self.platform,
            schema: try appliedMigrations(database), attempt: redaction.row(of: saved), runs: runs)
        return (report, skipped)
    }

    /// The migrations applied to the file, in order.
    private static func appliedMigrations(_ database: BookingDatabase) throws -> [String] {
        let statement = try database.database.prepare("SELECT name FROM schema_migration ORDER BY name")
        var names: [String] = []
        try statement.forEachRow { names.append($0.string(at: 0)) }
        return names
    }

    /// The operating system and its version.
    static var platform: String {
        let info = ProcessInfo.processInfo
        #if arch(arm64)
        let architecture = "arm64"
        #elseif arch(x86_64)
        let architecture = "x86_64"
        #else
        let architecture = "other"
        #endif
        return "\(info.operatingSystemVersionString) \(architecture)"
    }
}
