import Foundation

/// Where the flow's event logs go: one file per command run that drives the
/// flow, in `<data-dir>/logs/`, so `booking replay <file>` replays exactly
/// one process's flow from its first state. The newest 50 are kept.
public enum EventLogFiles {
    /// How many logs are kept.
    public static let kept = 50

    /// The directory of the logs.
    public static func directory(in dataDirectory: String) -> String {
        (dataDirectory as NSString).appendingPathComponent("logs")
    }

    /// A new log's path for `command`, after removing the oldest logs past `kept`.
    public static func newPath(in dataDirectory: String, command: String, now: Date = Date()) -> String {
        let directory = directory(in: dataDirectory)
        prune(directory)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss.SSS'Z'"
        let name = "\(formatter.string(from: now))-\(command)-\(ProcessInfo.processInfo.processIdentifier).jsonl"
        return (directory as NSString).appendingPathComponent(name)
    }

    private static func prune(_ directory: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        let logs = names.filter { $0.hasSuffix(".jsonl") }.sorted()
        guard logs.count >= kept else { return }
        for name in logs.prefix(logs.count - kept + 1) {
            try? FileManager.default.removeItem(atPath: (directory as NSString).appendingPathComponent(name))
        }
    }
}
