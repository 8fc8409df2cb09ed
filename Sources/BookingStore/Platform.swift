// Every platform difference of the store, in one place.
import BookingPrimitives
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

enum Platform {
    /// Calls `changed` after writes to the file `name` in `directory` or to
    /// its sidecars (`name-wal`, `name-journal`), by any process: the file
    /// system tells, through `inotify` on Linux (an overflowed event queue
    /// counts as a write). Runs on a thread of its own; returns what stops
    /// it. Nil where this system cannot tell (Apple platforms, here) or has
    /// no watch to give (the user's `inotify` instances used up): the
    /// caller looks at an interval instead.
    static func watchWrites(
        in directory: String, toFilesNamed name: String, _ changed: @escaping @Sendable () -> Void
    ) -> (@Sendable () -> Void)? {
        #if os(Linux)
        let watch = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard watch >= 0 else { return nil }
        let mask = UInt32(IN_MODIFY) | UInt32(IN_CREATE) | UInt32(IN_MOVED_TO)
        // The stop signal: its writing end closed wakes the thread (no write, so no SIGPIPE).
        var stop: [Int32] = [-1, -1]
        let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        guard inotify_add_watch(watch, directory, mask) >= 0, socketpair(AF_UNIX, type, 0, &stop) == 0 else {
            close(watch)
            return nil
        }
        let (stopRead, stopWrite) = (stop[0], stop[1])
        let thread = Thread {
            var descriptors = [
                pollfd(fd: watch, events: Int16(POLLIN), revents: 0),
                pollfd(fd: stopRead, events: Int16(POLLIN), revents: 0),
            ]
            while true {
                if poll(&descriptors, 2, -1) < 0 {
                    if errno == EINTR { continue }
                    // Cannot wait any more: one last look, then the stream's own looks.
                    changed()
                    break
                }
                if descriptors[1].revents != 0 { break }
                if readEvents(watch, naming: name) { changed() }
            }
            close(watch)
            close(stopRead)
        }
        thread.name = "BookingChanges"
        thread.start()
        let stopped = Locked(false)
        return {
            let first = stopped.withLock { stopped in
                defer { stopped = true }
                return !stopped
            }
            if first { close(stopWrite) }
        }
        #else
        return nil
        #endif
    }

    #if os(Linux)
    /// Reads the pending `inotify` events of `watch`; whether one names
    /// `name` or a sidecar of it, or says events were lost (`IN_Q_OVERFLOW`).
    private static func readEvents(_ watch: Int32, naming name: String) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4_096)
        var named = false
        while true {
            let count = buffer.withUnsafeMutableBytes { read(watch, $0.baseAddress, $0.count) }
            guard count > 0 else { return named }
            buffer.withUnsafeBytes { bytes in
                var offset = 0
                // struct inotify_event: wd, mask, cookie, len (4 bytes each), then len bytes of name.
                while offset + 16 <= count {
                    let mask = bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
                    let length = Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                    let field = bytes[(offset + 16)..<min(offset + 16 + length, count)]
                    let file = String(decoding: field.prefix { $0 != 0 }, as: UTF8.self)
                    if mask & UInt32(IN_Q_OVERFLOW) != 0 || file == name || file.hasPrefix(name + "-") { named = true }
                    offset += 16 + length
                }
            }
        }
    }
    #endif
}
