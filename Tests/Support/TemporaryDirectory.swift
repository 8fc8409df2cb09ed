import Foundation

/// A fresh directory under the system's temporary directory, removed (with
/// any immutable flag cleared first) when the value is released, on a thread
/// of its own: a test's cleanup never blocks the (two-thread) concurrency
/// pool, on which the servers of the other suites answer their requests.
public final class TemporaryDirectory: Sendable {
    /// The directory's path.
    public let path: String

    /// Creates the directory.
    public init(_ label: String = "bookingkit") {
        let name = "\(label)-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))"
        path = (NSTemporaryDirectory() as NSString).appendingPathComponent(name)
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// A path inside the directory.
    public func file(_ name: String) -> String {
        (path as NSString).appendingPathComponent(name)
    }

    /// A file that `make` writes at `name` in this directory, then made
    /// readable by all (`0644`), as a file outside a data directory often
    /// is; returns its path and its bytes, to check later that nothing
    /// touched it.
    public func looseFile(_ name: String, make: (String) throws -> Void) throws -> (path: String, bytes: Data) {
        let path = file(name)
        try make(path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        return (path, try FileFacts.bytes(path))
    }

    deinit {
        let path = self.path
        Thread.detachNewThread {
            FileProtection.clearImmutableRecursively(path)
            try? FileManager.default.removeItem(atPath: path)
        }
    }
}
