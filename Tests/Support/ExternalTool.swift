import Foundation
import Testing

/// The programs outside Swift that some tests run (zsh, fish, groff, man,
/// the sqlite3 shell, `script`, systemd-analyze, ...), which README treats
/// as optional: on a newcomer's machine with only Swift and SQLite's
/// headers, a test that needs one it lacks is skipped, with the tool's name
/// in the output. With `BOOKINGKIT_REQUIRE_TOOLS=1` (CI sets it) a missing
/// tool is a failure naming it instead, so CI always runs those tests.
///
/// Tools are looked up on this process's `PATH`, which the children the
/// tests start inherit.
public enum ExternalTool {
    /// The environment variable that makes every optional tool required.
    public static let requireVariable = "BOOKINGKIT_REQUIRE_TOOLS"

    /// Whether a missing tool fails the test (`BOOKINGKIT_REQUIRE_TOOLS=1`).
    public static var isRequired: Bool {
        ProcessInfo.processInfo.environment[requireVariable] == "1"
    }

    /// The path of the executable `name` on `PATH`, or nil.
    public static func path(_ name: String) -> String? {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        return directories.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Those of `names` that are not on `PATH`.
    public static func missing(_ names: [String]) -> [String] {
        names.filter { path($0) == nil }
    }

    /// What a test that needs `missing` says about them.
    static func message(_ missing: [String]) -> String {
        let list = missing.joined(separator: ", ")
        return isRequired
            ? "needs \(list), not installed, and \(requireVariable)=1 requires every tool"
            : "needs \(list), not installed (an optional tool: the test is skipped; \(requireVariable)=1 fails it)"
    }

    /// A missing tool, as the error that fails a test under `BOOKINGKIT_REQUIRE_TOOLS=1`.
    public struct Missing: Error, CustomStringConvertible {
        /// The tools not found.
        public let tools: [String]
        /// The sentence naming them.
        public var description: String { ExternalTool.message(tools) }
    }

    /// A trait for a test or suite that runs `names`: skipped (the comment
    /// naming the missing tools) when one is missing, or failed with that
    /// sentence when every tool is required.
    public static func needed(_ names: String...) -> ConditionTrait {
        needed(names)
    }

    /// `needed` for a list that may be empty (then the trait never skips).
    public static func needed(_ names: [String]) -> ConditionTrait {
        let absent = missing(names)
        let comment = Comment(rawValue: absent.isEmpty ? "needs \(names.joined(separator: ", "))" : message(absent))
        return .enabled(comment) {
            if !absent.isEmpty && isRequired { throw Missing(tools: absent) }
            return absent.isEmpty
        }
    }
}
