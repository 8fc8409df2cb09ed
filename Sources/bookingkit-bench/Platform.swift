import Foundation

/// The bench's platform differences: how a stream socket's type and
/// `getrusage`'s "this process" are spelled (enums on Glibc, `Int32` on
/// Darwin).
enum Platform {
    /// `SOCK_STREAM` as `socket(2)` takes it.
    static var streamSocket: Int32 {
        #if canImport(Glibc)
        Int32(SOCK_STREAM.rawValue)
        #else
        SOCK_STREAM
        #endif
    }

    /// This process's user + system CPU time so far (every thread), nanoseconds.
    static func processCPUNanoseconds() -> Int64 {
        var usage = rusage()
        #if canImport(Glibc)
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        #else
        getrusage(RUSAGE_SELF, &usage)
        #endif
        func nanoseconds(_ time: timeval) -> Int64 { Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_usec) * 1_000 }
        return nanoseconds(usage.ru_utime) + nanoseconds(usage.ru_stime)
    }
}
