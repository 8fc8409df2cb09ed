// Every difference between the C libraries of Linux (Glibc) and Apple
// platforms (Darwin) lives in this file; the rest of the module calls these
// wrappers and never imports a C library itself.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#else
#error("HTTPServer supports Linux (Glibc) and Apple platforms (Darwin).")
#endif

/// Thin wrappers over the POSIX socket calls the listener uses. Calls return
/// the C result (`-1` on failure, the code then in ``lastError``) unless a
/// Swift type says more.
enum Platform {
    /// An IPv4 or IPv6 address and port to bind or connect to.
    enum SocketAddress: Sendable {
        case v4(sockaddr_in)
        case v6(sockaddr_in6)
    }

    /// Why ``poll(_:for:timeoutMilliseconds:)`` returned.
    struct PollResult: Sendable {
        /// Whether the socket is ready (or hung up, or in error: the next
        /// call on it will tell).
        var socketReady = false
        /// Whether the wake-up descriptor is readable.
        var woken = false
    }

    /// What to wait for.
    enum Interest: Sendable {
        case readable
        case writable
    }

    /// Which direction ``shutdown(_:_:)`` ends.
    enum Direction: Sendable {
        case write
        case both
    }

    /// The `errno` of the last failed call.
    static var lastError: Int32 { errno }

    /// The text of an `errno` value.
    static func describe(error code: Int32) -> String {
        String(cString: strerror(code))
    }

    /// Whether `code` means "try again" (`EAGAIN`, `EWOULDBLOCK`).
    static func isWouldBlock(_ code: Int32) -> Bool {
        code == EAGAIN || code == EWOULDBLOCK
    }

    /// Whether `code` means "interrupted by a signal".
    static func isInterrupted(_ code: Int32) -> Bool {
        code == EINTR
    }

    /// Whether `code` means the process or system is out of descriptors.
    static func isOutOfDescriptors(_ code: Int32) -> Bool {
        code == EMFILE || code == ENFILE || code == ENOBUFS || code == ENOMEM
    }

    /// Whether `code` means the address is taken.
    static func isAddressInUse(_ code: Int32) -> Bool {
        code == EADDRINUSE
    }

    // MARK: Addresses

    /// The 4 or 16 address bytes of a numeric IPv4 or IPv6 address, or `nil`.
    static func parseNumericAddress(_ host: String) -> [UInt8]? {
        var v4 = in_addr()
        if inet_pton(AF_INET, host, &v4) == 1 {
            return withUnsafeBytes(of: &v4) { Array($0) }
        }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, host, &v6) == 1 {
            return withUnsafeBytes(of: &v6) { Array($0) }
        }
        return nil
    }

    /// The socket address of `bytes` (4 or 16 of them) and `port`.
    static func socketAddress(bytes: [UInt8], port: UInt16) -> SocketAddress? {
        switch bytes.count {
        case 4:
            return .v4(filled(sockaddr_in(), \.sin_family, \.sin_port, \.sin_addr, family: AF_INET, port, bytes))
        case 16:
            return .v6(filled(sockaddr_in6(), \.sin6_family, \.sin6_port, \.sin6_addr, family: AF_INET6, port, bytes))
        default:
            return nil
        }
    }

    // MARK: Sockets

    /// A new TCP socket for `address`'s family: close-on-exec, non-blocking,
    /// and on Darwin with `SO_NOSIGPIPE` (Linux passes `MSG_NOSIGNAL` to each
    /// send instead). `-1` on failure.
    static func makeStreamSocket(for address: SocketAddress) -> Int32 {
        let family: Int32
        switch address {
        case .v4: family = AF_INET
        case .v6: family = AF_INET6
        }
        #if canImport(Glibc)
        let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
        let fd = socket(family, type, 0)
        #else
        let fd = socket(family, SOCK_STREAM, 0)
        if fd >= 0 { configureAcceptedSocket(fd) }
        #endif
        if fd >= 0, case .v6 = address {
            var on: Int32 = 1
            _ = setsockopt(fd, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &on, socklen_t(MemoryLayout<Int32>.size))
        }
        return fd
    }

    /// Makes a socket from `accept` or `socket` non-blocking, close-on-exec
    /// and (Darwin) free of SIGPIPE.
    static func configureAcceptedSocket(_ fd: Int32) {
        let flags = fcntl(fd, F_GETFL)
        if flags >= 0 { _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK) }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        #if canImport(Darwin)
        var on: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    /// Sets `SO_REUSEADDR`, so a restarted server can bind a port whose old
    /// connections are in TIME_WAIT.
    static func setReuseAddress(_ fd: Int32) {
        var on: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
    }

    /// `bind(2)`.
    static func bind(_ fd: Int32, to address: SocketAddress) -> Int32 {
        attach(fd, to: address, connecting: false)
    }

    /// `connect(2)`; on a non-blocking socket `-1` with `EINPROGRESS` means
    /// wait until writable.
    static func connect(_ fd: Int32, to address: SocketAddress) -> Int32 {
        attach(fd, to: address, connecting: true)
    }

    /// Whether `code` means a non-blocking connect is under way.
    static func isConnectInProgress(_ code: Int32) -> Bool {
        code == EINPROGRESS
    }

    /// The pending error of a socket (`SO_ERROR`), 0 when none.
    static func pendingError(_ fd: Int32) -> Int32 {
        var value: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(fd, SOL_SOCKET, SO_ERROR, &value, &length) == 0 else { return lastError }
        return value
    }

    /// `listen(2)`.
    static func listen(_ fd: Int32, backlog: Int32) -> Int32 {
        #if canImport(Glibc)
        Glibc.listen(fd, backlog)
        #else
        Darwin.listen(fd, backlog)
        #endif
    }

    /// Accepts one connection as a configured socket (see
    /// ``configureAcceptedSocket(_:)``); `-1` on failure.
    static func accept(_ fd: Int32) -> Int32 {
        // accept4 (atomic close-on-exec) is a GNU extension Glibc's Swift
        // module does not export; set the flags right after instead.
        #if canImport(Glibc)
        let client = Glibc.accept(fd, nil, nil)
        #else
        let client = Darwin.accept(fd, nil, nil)
        #endif
        if client >= 0 { configureAcceptedSocket(client) }
        return client
    }

    /// The local port a socket is bound to, or `nil`.
    static func localPort(_ fd: Int32) -> UInt16? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let result = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard result == 0 else { return nil }
        switch Int32(storage.ss_family) {
        case AF_INET:
            return UInt16(bigEndian: field(\sockaddr_in.sin_port, of: storage))
        case AF_INET6:
            return UInt16(bigEndian: field(\sockaddr_in6.sin6_port, of: storage))
        default:
            return nil
        }
    }

    /// Sends what it can of `bytes` without raising SIGPIPE: the count
    /// sent, or `-1`.
    static func send(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return 0 }
        #if canImport(Glibc)
        return Glibc.send(fd, base, bytes.count, Int32(MSG_NOSIGNAL))
        #else
        return Darwin.send(fd, base, bytes.count, 0)
        #endif
    }

    /// Receives into `buffer`: the count received, 0 at end of stream, or `-1`.
    static func receive(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        guard let base = buffer.baseAddress, !buffer.isEmpty else { return 0 }
        return recv(fd, base, buffer.count, 0)
    }

    /// Waits until `fd` is ready for `interest`, `wake` (if any) is
    /// readable, or the timeout passes (`-1`: no timeout). `nil` when
    /// `poll(2)` fails for another reason than a signal.
    static func poll(_ fd: Int32, for interest: Interest, wake: Int32?, timeoutMilliseconds: Int32) -> PollResult? {
        let events: Int16
        switch interest {
        case .readable: events = Int16(POLLIN)
        case .writable: events = Int16(POLLOUT)
        }
        var fds = [pollfd(fd: fd, events: events, revents: 0)]
        if let wake { fds.append(pollfd(fd: wake, events: Int16(POLLIN), revents: 0)) }
        while true {
            #if canImport(Glibc)
            let count = Glibc.poll(&fds, nfds_t(fds.count), timeoutMilliseconds)
            #else
            let count = Darwin.poll(&fds, nfds_t(fds.count), timeoutMilliseconds)
            #endif
            if count >= 0 {
                let ready = Int16(POLLIN | POLLOUT | POLLHUP | POLLERR | POLLNVAL)
                return PollResult(
                    socketReady: fds[0].revents & ready != 0,
                    woken: fds.count > 1 && fds[1].revents != 0
                )
            }
            if !isInterrupted(lastError) { return nil }
        }
    }

    /// `shutdown(2)`: ends one or both directions; wakes any thread polling
    /// or blocked on the socket.
    static func shutdown(_ fd: Int32, _ direction: Direction) {
        #if canImport(Glibc)
        _ = Glibc.shutdown(fd, Int32(direction == .write ? SHUT_WR : SHUT_RDWR))
        #else
        _ = Darwin.shutdown(fd, direction == .write ? SHUT_WR : SHUT_RDWR)
        #endif
    }

    /// `close(2)`.
    static func close(_ fd: Int32) {
        #if canImport(Glibc)
        _ = Glibc.close(fd)
        #else
        _ = Darwin.close(fd)
        #endif
    }

    // MARK: Wake-up pipe

    /// A close-on-exec pipe as (read end, write end), or `nil`.
    static func makePipe() -> (read: Int32, write: Int32)? {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return nil }
        _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
        return (fds[0], fds[1])
    }

    /// Writes one byte to a pipe (the reader is never meant to drain it).
    static func writeWakeByte(_ fd: Int32) {
        var byte: UInt8 = 1
        #if canImport(Glibc)
        _ = Glibc.write(fd, &byte, 1)
        #else
        _ = Darwin.write(fd, &byte, 1)
        #endif
    }

    // MARK: Private

    /// `address` with its family, port (in network order) and the host's
    /// `bytes` set, and on Darwin its length (the first byte of both
    /// `sockaddr_in` and `sockaddr_in6` there).
    private static func filled<Address, Host>(
        _ address: Address, _ familyField: WritableKeyPath<Address, sa_family_t>,
        _ portField: WritableKeyPath<Address, in_port_t>, _ hostField: WritableKeyPath<Address, Host>,
        family: Int32, _ port: UInt16, _ bytes: [UInt8]
    ) -> Address {
        var address = address
        #if canImport(Darwin)
        withUnsafeMutableBytes(of: &address) { $0[0] = UInt8(MemoryLayout<Address>.size) }
        #endif
        address[keyPath: familyField] = sa_family_t(family)
        address[keyPath: portField] = port.bigEndian
        withUnsafeMutableBytes(of: &address[keyPath: hostField]) { $0.copyBytes(from: bytes) }
        return address
    }

    /// A field of the socket address `storage` holds, read as an `Address`.
    private static func field<Address, Value>(_ path: KeyPath<Address, Value>, of storage: sockaddr_storage) -> Value {
        withUnsafePointer(to: storage) {
            $0.withMemoryRebound(to: Address.self, capacity: 1) { $0.pointee[keyPath: path] }
        }
    }

    /// `connect(2)` when `connecting`, else `bind(2)`.
    private static func attach(_ fd: Int32, to address: SocketAddress, connecting: Bool) -> Int32 {
        withSockaddr(address) { pointer, length in
            #if canImport(Glibc)
            connecting ? Glibc.connect(fd, pointer, length) : Glibc.bind(fd, pointer, length)
            #else
            connecting ? Darwin.connect(fd, pointer, length) : Darwin.bind(fd, pointer, length)
            #endif
        }
    }

    private static func withSockaddr<R>(
        _ address: SocketAddress, _ body: (UnsafePointer<sockaddr>, socklen_t) -> R
    ) -> R {
        switch address {
        case .v4(let value): return withRebound(value, body)
        case .v6(let value): return withRebound(value, body)
        }
    }

    /// Calls `body` with `value` seen as a `sockaddr` of its own size.
    private static func withRebound<Address, R>(
        _ value: Address, _ body: (UnsafePointer<sockaddr>, socklen_t) -> R
    ) -> R {
        withUnsafePointer(to: value) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                body($0, socklen_t(MemoryLayout<Address>.size))
            }
        }
    }
}
