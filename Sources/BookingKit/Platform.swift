// Every platform difference of the runtime, in one place: the system calls
// that open the event log's file without following a symbolic link, the
// HTTP a client uses when its configuration names none, the permission to
// keep running while money is in flight, the network path (Apple's
// NWPathMonitor), and Apple Pay's sheet result (its
// decision is `PaymentResult.walletSheetSucceeds`, portable and tested on
// every platform).
import BookingAPI
import Foundation

#if canImport(PassKit)
import PassKit
#endif

#if canImport(Network)
import Network
#endif

// `os(Linux)`, not `canImport`: the package links BookingCurl into this
// module on Linux only, while a build of every target may leave its module
// where `canImport` would find it on other platforms too.
#if os(Linux)
import BookingCurl
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

enum Platform {
    /// The permission to keep running while money or a trip change is in
    /// flight: Apple's expiring activity (app extensions may ask for it
    /// too); on Linux a process keeps running as it is.
    static var backgroundActivity: any BackgroundActivity {
        #if canImport(Darwin)
        ExpiringActivity()
        #else
        NoBackgroundActivity()
        #endif
    }

    /// Whether the device has a network path: `NWPathMonitor` where the
    /// Network framework is; none on Linux (`NoNetworkWatch` says why).
    static var networkWatch: any NetworkWatch {
        #if canImport(Network)
        PathWatch()
        #else
        NoNetworkWatch()
        #endif
    }

    /// The network of a client whose configuration names none: libcurl on
    /// Linux (`CurlTransport`: FoundationNetworking's URLSession runs on
    /// libcurl too, with several thread hops per request), URLSession,
    /// the system's own HTTP stack, on Apple platforms.
    ///
    /// libcurl is loaded at run time; where it cannot be (a libcurl older
    /// than `CurlTransport` needs, a symbol missing) Linux falls back to
    /// URLSession, and says so once on stderr.
    static func defaultTransport() -> any Transport {
        #if os(Linux)
        guard case .failure = CurlTransport.load() else { return CurlTransport() }
        curlFallbackNotice
        return URLSessionTransport()
        #else
        return URLSessionTransport()
        #endif
    }

    #if os(Linux)
    /// The fallback's one line on stderr, written the first time it is read.
    /// There is no log handler here: the transport is chosen before, and
    /// apart from, any client's.
    private static let curlFallbackNotice: Void = {
        guard case .failure(let unavailable) = CurlTransport.load() else { return }
        let line = "BookingKit: libcurl cannot be used (\(unavailable.reason)); HTTP goes through URLSession instead\n"
        FileHandle.standardError.write(Data(line.utf8))
    }()
    #endif

    /// Opens the log at `path` for appending, creating it `0600`: never
    /// through a symbolic link (`O_NOFOLLOW`; a link there, even a dangling
    /// one, fails and nothing it points to is created or written), only a
    /// regular file; an existing one looser than `0600` is tightened with
    /// `fchmod` on the descriptor.
    static func openForAppending(_ path: String) throws(EventLogError) -> FileHandle {
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK, mode_t(0o600))
        guard descriptor >= 0 else { throw failure(path, errno) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let code = errno
            _ = close(descriptor)
            throw failure(path, code)
        }
        guard UInt32(info.st_mode) & 0o170000 == 0o100000 else {
            _ = close(descriptor)
            throw EventLogError.unwritable(path: path, reason: "it is not a regular file")
        }
        if info.st_mode & 0o077 != 0 && fchmod(descriptor, info.st_mode & 0o700) != 0 {
            let code = errno
            _ = close(descriptor)
            throw failure(path, code)
        }
        return FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }

    /// Creates the log directory `0700` when missing; refuses one that is a
    /// symbolic link or not a directory (checked with `O_DIRECTORY |
    /// O_NOFOLLOW`, never followed).
    static func makeLogDirectory(_ path: String) throws(EventLogError) {
        var info = stat()
        if lstat(path, &info) != 0 {
            do {
                try FileManager.default.createDirectory(
                    atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                throw EventLogError.unwritable(path: path, reason: error.localizedDescription)
            }
        }
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure(path, errno) }
        _ = close(descriptor)
    }

    private static func failure(_ path: String, _ code: Int32) -> EventLogError {
        var info = stat()
        if lstat(path, &info) == 0 && UInt32(info.st_mode) & 0o170000 == 0o120000 {
            return .unwritable(path: path, reason: "it is a symbolic link; refusing to follow it")
        }
        return .unwritable(path: path, reason: String(cString: strerror(code)))
    }
}

#if canImport(Darwin)
/// `ProcessInfo.performExpiringActivity`: the activity lasts while its
/// block runs, so the block waits until `end` lets it go, or returns at
/// once when the system says time is up (called again with `true`).
struct ExpiringActivity: BackgroundActivity {
    func begin(_ reason: String, expired: @escaping @Sendable () -> Void) -> (@Sendable () -> Void)? {
        let released = DispatchSemaphore(value: 0)
        ProcessInfo.processInfo.performExpiringActivity(withReason: reason) { expiring in
            if expiring {
                expired()
                released.signal()
            } else {
                released.wait()
            }
        }
        return { released.signal() }
    }
}
#endif

#if canImport(Network)
/// `NWPathMonitor` on a queue of its own: a path `satisfied` is online.
struct PathWatch: NetworkWatch {
    /// The monitor, kept until the watch stops (it is not `Sendable`).
    private final class Monitor: @unchecked Sendable {
        let monitor = NWPathMonitor()
    }

    func start(_ changed: @escaping @Sendable (Bool) -> Void) -> @Sendable () -> Void {
        let box = Monitor()
        box.monitor.pathUpdateHandler = { path in changed(path.status == .satisfied) }
        box.monitor.start(queue: DispatchQueue(label: "BookingKit.network-path"))
        return { box.monitor.cancel() }
    }
}
#endif

#if canImport(PassKit)
extension PKPaymentAuthorizationResult {
    /// Apple Pay's sheet result for a payment's outcome
    /// (`BookingClient.payFromWalletSheet(with:within:)`): success only when
    /// the server confirmed the booking; failure for every other result, and
    /// for nil (the call threw: nothing was sent).
    public convenience init(_ outcome: PaymentResult?) {
        self.init(status: outcome?.walletSheetSucceeds == true ? .success : .failure, errors: nil)
    }
}
#endif
