import Foundation

/// A fresh directory for one run's databases, on a real disk, removed at the
/// end of the run.
///
/// Chosen in order: the `--dir` given, `$TMPDIR`, `/tmp`, `.build` of the
/// current directory (the package root under `swift run`). A directory on a
/// memory file system (tmpfs) is skipped, or refused when given explicitly:
/// a sync there costs nothing.
final class ScratchDirectory {
    /// The run's directory.
    let path: String
    /// The parent it was made in.
    let parent: String
    private var made = 0

    /// Makes the run's directory.
    init(explicit: String?, mounts: MountTable = MountTable()) throws {
        let candidates: [String]
        if let explicit {
            guard !mounts.isInMemory(explicit) else {
                throw BenchError(
                    description: "--dir \(explicit) is on a memory file system (tmpfs); give a directory on a disk")
            }
            candidates = [explicit]
        } else {
            let environment = ProcessInfo.processInfo.environment["TMPDIR"].map { [$0] } ?? []
            candidates = (environment + ["/tmp", ".build"]).filter { !mounts.isInMemory($0) }
        }
        let manager = FileManager.default
        let name = "bookingkit-bench-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))"
        for candidate in candidates where manager.fileExists(atPath: candidate) {
            let parent = URL(fileURLWithPath: candidate).standardizedFileURL.path
            let path = (parent as NSString).appendingPathComponent(name)
            do {
                try manager.createDirectory(
                    atPath: path, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
            } catch {
                continue
            }
            self.parent = parent
            self.path = path
            return
        }
        throw BenchError(
            description:
                "no directory on a disk for the databases (tried \(candidates.joined(separator: ", "))); pass --dir")
    }

    /// A new empty subdirectory, `0700`, unique within the run.
    func makeDirectory(_ name: String) throws -> String {
        made += 1
        let path = (self.path as NSString).appendingPathComponent("\(made)-\(name)")
        try FileManager.default.createDirectory(
            atPath: path, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        return path
    }

    /// Removes a subdirectory made here (and its databases).
    func remove(_ directory: String) {
        try? FileManager.default.removeItem(atPath: directory)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}
