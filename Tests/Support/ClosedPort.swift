import Foundation

#if os(Linux)
import Glibc
#endif

/// A loopback port kept bound but not listening: a connection to it is
/// refused, as to a stopped server, and no other listener is given it.
///
/// A server stopped in a test frees its port; the next listener of the same
/// run that binds port 0 may be given it, and a client still pointed at the
/// old address then reaches another test's server (a sync "with the server
/// stopped" succeeded in CI that way). Holding the port bound keeps it out
/// of the kernel's choice for port 0 until the reservation is released.
public final class ClosedPort: @unchecked Sendable {
    private let descriptor: Int32

    /// Binds `port` on 127.0.0.1 without listening, or nil when the port is
    /// taken (another socket listens on it). `SO_REUSEADDR` lets it bind
    /// beside the old server's TIME_WAIT connections; a port-0 bind still
    /// counts this socket as a conflict and passes the port over.
    public init?(_ port: Int) {
        guard let fd = Self.bound(port, reusingAddress: true) else { return nil }
        descriptor = fd
    }

    deinit { close(descriptor) }

    /// `bind(2)` of 127.0.0.1:`port` without `SO_REUSEADDR`, as the kernel
    /// checks a port before giving it to a port-0 bind: 0 when the port is
    /// free, else `errno` (`EADDRINUSE` while a `ClosedPort` holds it).
    public static func plainBindError(_ port: Int) -> Int32 {
        guard let fd = bound(port, reusingAddress: false) else { return errno }
        close(fd)
        return 0
    }

    /// A TCP socket bound to 127.0.0.1:`port`, or nil (`errno` says why).
    private static func bound(_ port: Int, reusingAddress: Bool) -> Int32? {
        #if os(Linux)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { return nil }
        var on: Int32 = 1
        if reusingAddress { _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size)) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            let error = errno
            close(fd)
            errno = error
            return nil
        }
        return fd
    }
}
