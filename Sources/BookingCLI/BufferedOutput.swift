import Foundation

/// Lines for stdout gathered into large writes: one system call per 64 KiB
/// instead of one per line, so a long list prints at the speed of the
/// database read. Used by one command at a time; the lock only makes it
/// safe to hand to a `@Sendable` row callback.
final class BufferedOutput: @unchecked Sendable {
    private let console: Console
    private let lock = NSLock()
    private var pending = ""
    private var items = 0
    private static let flushAt = 64 * 1024

    init(console: Console) {
        self.console = console
        pending.reserveCapacity(Self.flushAt + 1024)
    }

    /// Adds `text` (its own newlines included).
    func append(_ text: String) {
        lock.lock()
        defer { lock.unlock() }
        pending += text
        if pending.utf8.count >= Self.flushAt { flushLocked() }
    }

    /// Adds one item of a JSON array at the second level of a document:
    /// the comma and indentation before it.
    func appendArrayItem(_ text: String) {
        lock.lock()
        let first = items == 0
        items += 1
        lock.unlock()
        append((first ? "\n    " : ",\n    ") + text)
    }

    /// Adds `text` and a newline.
    func line(_ text: String) {
        append(text + "\n")
    }

    /// Writes what is gathered.
    func flush() {
        lock.lock()
        defer { lock.unlock() }
        flushLocked()
    }

    private func flushLocked() {
        guard !pending.isEmpty else { return }
        console.write(pending)
        pending.removeAll(keepingCapacity: true)
    }
}
