// Every platform difference of the lean viewer, in one place: raw writes,
// terminals, the clock, files, the TCP probe of the server, and handing
// over to booking-cli. (No Foundation: the `booking` executable links none.)
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The operating system as the lean viewer needs it.
enum ViewerPlatform {
    /// Whether the full CLI can reach a server named by an IPv6 literal
    /// (`http://[::1]:8080`): not where URLSession is FoundationNetworking,
    /// which refuses such a URL before sending (BookingAPI's `Platform`
    /// says why); the viewer then leaves the address to the CLI's refusal.
    static var cliConnectsToIPv6Literals: Bool {
        #if canImport(FoundationNetworking)
        return false
        #else
        return true
        #endif
    }

    /// Writes all of `bytes` to `descriptor`; false when the reader has gone
    /// (`EPIPE`) or the write failed.
    static func write(_ bytes: some Collection<UInt8>, to descriptor: Int32) -> Bool {
        let array = Array(bytes)
        var offset = 0
        while offset < array.count {
            let count = array[offset...].withUnsafeBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                #if canImport(Darwin)
                return Darwin.write(descriptor, base, buffer.count)
                #else
                return Glibc.write(descriptor, base, buffer.count)
                #endif
            }
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return false
            }
            offset += count
        }
        return true
    }

    /// Whether stdout is a terminal.
    static var outputIsTerminal: Bool { isatty(1) == 1 }

    /// A write to a closed pipe fails with `EPIPE` instead of killing the process.
    static func ignoreBrokenPipes() {
        signal(SIGPIPE, SIG_IGN)
    }

    /// Ends the process.
    static func exit(_ code: Int32) -> Never {
        #if canImport(Darwin)
        Darwin.exit(code)
        #else
        Glibc.exit(code)
        #endif
    }

    /// The directory of the running executable, when known.
    static func executableDirectory() -> String? {
        #if canImport(Darwin)
        var size: UInt32 = 4096
        var buffer = [CChar](repeating: 0, count: Int(size))
        guard _NSGetExecutablePath(&buffer, &size) == 0 else { return nil }
        let path = String(cString: buffer)
        #else
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        let path = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #endif
        guard let slash = path.lastIndex(of: "/") else { return nil }
        return String(path[..<slash])
    }

    /// Replaces this process with `path` run as `argv`, with `extra` added
    /// to the environment. Returns only when that failed (the error number).
    static func exec(_ path: String, _ argv: [String], extra: [String: String]) -> Int32 {
        for (name, value) in extra { setenv(name, value, 1) }
        // An ignored signal stays ignored across exec: give the full CLI
        // the dispositions it would have had if run directly.
        signal(SIGPIPE, SIG_DFL)
        var pointers = argv.map { strdup($0) }
        pointers.append(nil)
        execv(path, pointers)
        return errno
    }

    /// Whether a TCP connection to `host`:`port` opens within `milliseconds`:
    /// unanswered at once when it is refused, at the bound when nothing
    /// answers (the server is down or the machine offline); unresolved when
    /// the host name has no address, with the resolver's reason.
    static func probe(host: String, port: UInt16, milliseconds: Int32) -> ServerProbe {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Darwin)
        hints.ai_socktype = SOCK_STREAM
        #else
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        let resolved = getaddrinfo(host, String(port), &hints, &list)
        guard resolved == 0, let first = list else {
            return .unresolved(reason: resolved == 0 ? "no address" : String(cString: gai_strerror(resolved)))
        }
        defer { freeaddrinfo(list) }
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let info = entry {
            entry = info.pointee.ai_next
            let descriptor = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
            guard descriptor >= 0 else { continue }
            defer { close(descriptor) }
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            if connect(descriptor, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 { return .answered }
            guard errno == EINPROGRESS else { continue }
            var wait = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
            guard poll(&wait, 1, milliseconds) == 1 else { continue }
            var failure: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            if getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &failure, &length) == 0 && failure == 0 {
                return .answered
            }
        }
        return .unanswered
    }

    /// The time of day as unix milliseconds (`CLOCK_REALTIME`).
    static func nowMilliseconds() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) * 1000 + Int64(time.tv_nsec) / 1_000_000
    }

    /// The process's working directory, nil when it cannot be read.
    static func currentDirectory() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getcwd(&buffer, buffer.count) != nil else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Whether `path` is a regular file (a link to one is not: `lstat`).
    static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// What a small file holds (at most `limit` bytes): `.missing` when
    /// there is no file at `path`, `.unreadable` when it cannot be read or
    /// is larger.
    static func smallFile(_ path: String, limit: Int = 4_096) -> SmallFile {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return errno == ENOENT ? .missing : .unreadable }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: limit + 1)
        var count = 0
        while count <= limit {
            let read = bytes[count...].withUnsafeMutableBytes { buffer -> Int in
                #if canImport(Darwin)
                return Darwin.read(descriptor, buffer.baseAddress, buffer.count)
                #else
                return Glibc.read(descriptor, buffer.baseAddress, buffer.count)
                #endif
            }
            if read < 0 && errno == EINTR { continue }
            guard read >= 0 else { return .unreadable }
            if read == 0 { break }
            count += read
        }
        return count > limit ? .unreadable : .bytes(Array(bytes[..<count]))
    }

    /// A small file's contents, or why there are none.
    enum SmallFile: Equatable {
        case missing
        case unreadable
        case bytes([UInt8])
    }

    /// The values of `names` in this process's environment (`getenv`: the
    /// first of a repeated name wins); a name that is not set is left out.
    static func environment(_ names: [String]) -> [String: String] {
        var variables: [String: String] = [:]
        for name in names {
            if let value = getenv(name) { variables[name] = String(cString: value) }
        }
        return variables
    }
}
