import BookingPrimitives
import Foundation

/// Makes files and directories unwritable in a way that holds even for root
/// (tests run as root in CI, and root ignores mode bits): as root the
/// immutable flag (`chattr +i`); otherwise mode bits.
public enum FileProtection {
    /// Whether this process runs as root.
    public static var isRoot: Bool { getuid() == 0 }

    /// Makes `path` unwritable. Returns a description of the failure, or nil.
    @discardableResult
    public static func makeReadOnly(_ path: String) -> String? {
        if isRoot {
            _ = protected.withLock { $0.insert(path) }
            let result = ChildProcess.run(chattr, ["+i", path])
            return result.status == 0 ? nil : "chattr +i failed: \(result.standardError)"
        }
        var isDirectory: ObjCBool = false
        _ = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        let mode: Int = isDirectory.boolValue ? 0o500 : 0o400
        do {
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
            return nil
        } catch {
            return "chmod failed: \(error)"
        }
    }

    /// Makes `path` writable again.
    public static func makeWritable(_ path: String) {
        if isRoot { _ = ChildProcess.run(chattr, ["-i", path]) }
        var isDirectory: ObjCBool = false
        _ = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        try? FileManager.default.setAttributes(
            [.posixPermissions: isDirectory.boolValue ? 0o700 : 0o600], ofItemAtPath: path)
    }

    /// Clears the immutable flag below `path`, if a test set one there.
    /// (Only then: spawning a process for every temporary directory is slow.)
    static func clearImmutableRecursively(_ path: String) {
        guard isRoot else { return }
        let mine = protected.withLock { paths in
            let inside = paths.filter { $0 == path || $0.hasPrefix(path + "/") }
            paths.subtract(inside)
            return inside
        }
        guard !mine.isEmpty, FileManager.default.fileExists(atPath: path) else { return }
        _ = ChildProcess.run(chattr, ["-R", "-i", path])
    }

    /// `chattr` on `PATH` (`ExternalTool.needed("chattr")` skips a test without it).
    private static var chattr: String { ExternalTool.path("chattr") ?? "/usr/bin/chattr" }

    /// Paths given the immutable flag and not yet cleared.
    private static let protected = Locked(Set<String>())
}
