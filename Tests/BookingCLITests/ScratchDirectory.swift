import Foundation

/// A fresh temporary directory, removed on a thread of its own when released:
/// a test's cleanup never blocks the (two-thread) concurrency pool, on which
/// the servers of the other suites answer their requests.
final class ScratchDirectory: Sendable {
    let path: String

    init(_ label: String) {
        path = (NSTemporaryDirectory() as NSString)
            .appendingPathComponent(
                "\(label)-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))")
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// A path inside the directory.
    func file(_ name: String) -> String {
        (path as NSString).appendingPathComponent(name)
    }

    deinit {
        let path = self.path
        Thread.detachNewThread { try? FileManager.default.removeItem(atPath: path) }
    }
}
