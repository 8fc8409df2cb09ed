import Foundation

/// The files of an app's event logs (`FlowLogSettings`): the name of a new
/// run's log, and trimming the directory to the settings' age and size.
package enum EventLogDirectory {
    /// The prefix of every log this library writes; nothing else is trimmed.
    static let prefix = "bookingkit-"

    /// `startRun(_:now:logger:)` when an app asked for a log; nil otherwise.
    static func startRun(_ settings: FlowLogSettings?, _ dependencies: Dependencies, _ logger: Logger) -> String? {
        settings.map { startRun($0, now: dependencies.now(), logger: logger) }
    }

    /// Trims `settings.directory` (`trim`) and returns the path of a new
    /// log for this run.
    static func startRun(_ settings: FlowLogSettings, now: Date, logger: Logger) -> String {
        let directory = settings.directory.path
        trim(settings, keeping: nil, now: now, logger: logger)
        return path(in: directory, flow: nil, now: now)
    }

    /// The path of a new log for one run of `flow` (a cancellation, a
    /// change of dates) in `settings.directory`, named as the run logs are,
    /// so the same trimming keeps it in bounds.
    static func newRunPath(_ settings: FlowLogSettings, flow: String, now: Date) -> String {
        path(in: settings.directory.path, flow: flow, now: now)
    }

    /// `bookingkit-<time>[-<flow>]-<pid>.jsonl` in `directory`.
    private static func path(in directory: String, flow: String?, now: Date) -> String {
        let flowPart = flow.map { "-\($0)" } ?? ""
        let name = "\(prefix)\(stamp(now))\(flowPart)-\(ProcessInfo.processInfo.processIdentifier).jsonl"
        return (directory as NSString).appendingPathComponent(name)
    }

    /// `now` as every event log's name starts (or, here, goes on) with it:
    /// `20261130T154410.123Z`, UTC, so names sort by the time a run started.
    /// The command line's logs (`EventLogFiles`) are named with it too.
    package static func stamp(_ now: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss.SSS'Z'"
        return formatter.string(from: now)
    }

    /// Deletes this library's logs older than `maximumAge`, then the oldest
    /// (by name: the time they were started) until the rest fit in
    /// `maximumBytes`; never `keeping`. Best effort: a file that cannot be
    /// read or deleted is logged and left.
    static func trim(_ settings: FlowLogSettings, keeping: String?, now: Date, logger: Logger) {
        let files = FileManager.default
        let directory = settings.directory.path
        guard let names = try? files.contentsOfDirectory(atPath: directory) else { return }
        let oldest = now.addingTimeInterval(-TimeInterval(settings.maximumAge.components.seconds))
        var kept: [(path: String, bytes: Int)] = []
        for name in names.sorted() where name.hasPrefix(prefix) && name.hasSuffix(".jsonl") {
            let path = (directory as NSString).appendingPathComponent(name)
            guard let attributes = try? files.attributesOfItem(atPath: path),
                attributes[.type] as? FileAttributeType == .typeRegular
            else { continue }
            let bytes = (attributes[.size] as? NSNumber)?.intValue ?? 0
            let modified = attributes[.modificationDate] as? Date ?? now
            if path != keeping, modified < oldest {
                remove(path, because: "older than the event log's age limit", logger: logger)
            } else {
                kept.append((path, bytes))
            }
        }
        var total = kept.reduce(0) { $0 + $1.bytes }
        for file in kept where total > settings.maximumBytes && file.path != keeping {
            if remove(file.path, because: "over the event log's size limit", logger: logger) { total -= file.bytes }
        }
    }

    @discardableResult
    private static func remove(_ path: String, because reason: String, logger: Logger) -> Bool {
        do {
            try FileManager.default.removeItem(atPath: path)
            logger.log(.debug, "deleted an event log \(reason)", ["path": path])
            return true
        } catch {
            logger.warning("cannot delete an event log \(reason)", error: error, ["path": path])
            return false
        }
    }
}
