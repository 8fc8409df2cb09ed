import BookingKit
import Foundation

/// Where the flow's event logs go: one file per command run that drives the
/// flow, in `<data-dir>/logs/`, so `booking replay <file>` replays exactly
/// one process's flow from its first state.
///
/// The newest 50 logs of each command are kept: a thousand `status` runs
/// never push out the log of the one `pay` that matters. Only the names this
/// program writes (`<UTC time>-<command>-<pid>.jsonl`) are ever pruned; any
/// other file in the directory is left alone.
package enum EventLogFiles {
    /// How many logs of each command are kept.
    package static let kept = 50

    /// The directory of the logs.
    package static func directory(in dataDirectory: String) -> String {
        (dataDirectory as NSString).appendingPathComponent("logs")
    }

    /// A new log's path for `command`, after removing that command's oldest
    /// logs past `kept`.
    package static func newPath(in dataDirectory: String, command: String, now: Date = Date()) -> String {
        let directory = directory(in: dataDirectory)
        prune(directory, command: command)
        let stamp = EventLogDirectory.stamp(now)
        let name = "\(stamp)-\(command)-\(ProcessInfo.processInfo.processIdentifier).jsonl"
        return (directory as NSString).appendingPathComponent(name)
    }

    /// The command whose log `name` is, when it is a name this program
    /// writes (`20261130T154410.123Z-pay-4242.jsonl`); nil for any other file.
    package static func command(ofLogNamed name: String) -> String? {
        let bytes = Array(name.utf8)
        let suffix = Array(".jsonl".utf8)
        let stamp = "yyyyMMddTHHmmss.SSSZ".utf8.count
        guard bytes.count > stamp + suffix.count + 4, bytes.suffix(suffix.count).elementsEqual(suffix) else {
            return nil
        }
        func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
        let literals: [Int: UInt8] = [8: UInt8(ascii: "T"), 15: UInt8(ascii: "."), 19: UInt8(ascii: "Z")]
        for index in 0..<stamp {
            guard let literal = literals[index] else {
                guard isDigit(bytes[index]) else { return nil }
                continue
            }
            guard bytes[index] == literal else { return nil }
        }
        let rest = bytes[stamp..<(bytes.count - suffix.count)]
        guard rest.first == UInt8(ascii: "-"), let dash = rest.lastIndex(of: UInt8(ascii: "-")),
            dash > rest.startIndex + 1
        else { return nil }
        let command = rest[(rest.startIndex + 1)..<dash]
        let pid = rest[(dash + 1)...]
        guard !pid.isEmpty, pid.allSatisfy(isDigit), command.allSatisfy({ (0x61...0x7A).contains($0) }) else {
            return nil
        }
        return String(decoding: command, as: UTF8.self)
    }

    /// Removes `command`'s oldest logs so that, with the one about to be
    /// written, `kept` remain. Best effort: a log that cannot be removed
    /// never stops a booking.
    private static func prune(_ directory: String, command: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        let logs = names.filter { Self.command(ofLogNamed: $0) == command }.sorted()
        guard logs.count >= kept else { return }
        for name in logs.prefix(logs.count - kept + 1) {
            try? FileManager.default.removeItem(atPath: (directory as NSString).appendingPathComponent(name))
        }
    }
}
