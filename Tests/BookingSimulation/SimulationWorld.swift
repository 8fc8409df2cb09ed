import BookingAPI
import BookingCore
import BookingPrimitives
import BookingSQLite
import BookingSandbox
import BookingTestSupport
import Foundation

/// What stays up while the client process dies and restarts: the sandbox
/// (in-process, on virtual time), the network between them, the files on
/// disk, and a fault-free client the checks use to ask the server.
final class SimulationWorld: @unchecked Sendable {
    let directory: String
    let clientDirectory: String
    let scheduler: VirtualScheduler
    let clock: SimulationClock
    let observations: Observations
    let handler: SandboxHandler
    let network: SimulatedNetwork
    let attempts: AttemptFileReader
    /// The sandbox's holds, read from its file (I11).
    let serverHolds: ServerHoldReader
    /// A client with no faults and no retries, for the checks and the "bank".
    let inspector: BookingAPIClient
    let server: ServerAddress
    /// Who the second process is, and where its files are.
    let second: SecondIdentity
    /// The second server (`SecondIdentity.otherServer`): its own sandbox,
    /// with the same inventory and ids of its own.
    let secondHandler: SandboxHandler?
    /// The second process's attempts: the app's file, or its own space's.
    let secondAttempts: AttemptFileReader
    /// The inspector of the second process's server and account.
    let secondInspector: BookingAPIClient
    /// The account's second device's data directory and its attempts
    /// (seeds with a second device only).
    let deviceDirectory: String
    let deviceAttempts: AttemptFileReader?
    /// The source of every process's attempt ids and keys, from the seed.
    private let ids: Locked<SimulationRandom>
    static let apiKey = "sk_test_sim"
    /// The sandbox's address as the clients are configured with it (the
    /// network is in-process; the address is never dialled).
    static let serverURL = "http://127.0.0.1:1"
    /// The second server's address, and the second account's key.
    static let secondServerURL = "http://127.0.0.1:2"
    static let secondAPIKey = "sk_test_sim2"

    init(
        seed: UInt64, faultPercent: Int, holdTTLMilliseconds: Int64, second: SecondIdentity = .same,
        secondDevice: Bool = false
    ) throws {
        directory = Self.makeDirectory(seed: seed)
        clientDirectory = (directory as NSString).appendingPathComponent("client")
        deviceDirectory = (directory as NSString).appendingPathComponent("device2")
        deviceAttempts =
            secondDevice
            ? AttemptFileReader(path: (deviceDirectory as NSString).appendingPathComponent("booking.sqlite")) : nil
        let scheduler = VirtualScheduler()
        self.scheduler = scheduler
        let clock = SimulationClock(scheduler: scheduler)
        self.clock = clock
        observations = Observations()
        var configuration = SandboxConfiguration(
            databasePath: (directory as NSString).appendingPathComponent("sandbox/sandbox.sqlite"))
        configuration.holdTTLMilliseconds = holdTTLMilliseconds
        configuration.idSeed = configuration.inventorySeed  // the ids the trace names, the same on every replay
        configuration.clock = SandboxClock { clock.unixMilliseconds }
        handler = try SandboxHandler(configuration: configuration)
        self.second = second
        if second == .otherServer {
            var other = configuration
            other.databasePath = (directory as NSString).appendingPathComponent("sandbox2/sandbox.sqlite")
            other.idSeed = configuration.inventorySeed ^ 0x5EC0_0D
            secondHandler = try SandboxHandler(configuration: other)
        } else {
            secondHandler = nil
        }
        attempts = AttemptFileReader(path: (clientDirectory as NSString).appendingPathComponent("booking.sqlite"))
        secondAttempts =
            second == .same
            ? attempts
            : AttemptFileReader(
                path: (try Self.spaceDirectory(of: second, under: clientDirectory) as NSString)
                    .appendingPathComponent("booking.sqlite"))
        serverHolds = ServerHoldReader(
            path: (directory as NSString).appendingPathComponent("sandbox/sandbox.sqlite"), account: "sim")
        let direct = InProcessTransport(handler: handler)
        let secondDirect = secondHandler.map { InProcessTransport(handler: $0) } ?? direct
        network = SimulatedNetwork(
            base: ServerRouter(first: direct, second: secondDirect), clock: clock, observations: observations,
            attempts: ["app": attempts, "cli": secondAttempts, "device": deviceAttempts ?? attempts], seed: seed,
            faultPercent: faultPercent)
        ids = Locked(SimulationRandom(seed: seed ^ 0x1D5))
        server = try ServerAddress(Self.serverURL)
        let checks = APIConfiguration(policy: OutcomePolicyFactory.noRetries)
        inspector = BookingAPIClient(
            server: server, apiKey: Self.apiKey, transport: direct, configuration: checks, sleeper: NoSleeper())
        let (secondURL, secondKey) = Self.endpoint(of: second)
        secondInspector = BookingAPIClient(
            server: try ServerAddress(secondURL), apiKey: secondKey, transport: secondDirect, configuration: checks,
            sleeper: NoSleeper())
    }

    /// The attempts files of every data space in use: the app's, then the
    /// second identity's when it has its own, then the second device's.
    var spaceReaders: [AttemptFileReader] {
        (second == .same ? [attempts] : [attempts, secondAttempts]) + (deviceAttempts.map { [$0] } ?? [])
    }

    /// The attempts files of the account's devices: the app's directory,
    /// then the second device's once it was opened (the app's server and
    /// key on both).
    var deviceReaders: [(name: String, reader: AttemptFileReader)] {
        [("app", attempts)] + (deviceAttempts.flatMap { $0.exists ? [("device", $0)] : nil } ?? [])
    }

    /// The server and API key a process of `role` is configured with.
    func endpoint(of role: ClientLane.Role) -> (url: String, apiKey: String) {
        role == .cli ? Self.endpoint(of: second) : (Self.serverURL, Self.apiKey)
    }

    /// The data directory a process of `role` opens: the app's (the CLI's
    /// too), or the second device's own.
    func dataDirectory(of role: ClientLane.Role) -> String {
        role == .device ? deviceDirectory : clientDirectory
    }

    private static func endpoint(of second: SecondIdentity) -> (url: String, apiKey: String) {
        switch second {
        case .same: return (serverURL, apiKey)
        case .otherAccount: return (serverURL, secondAPIKey)
        case .otherServer: return (secondServerURL, apiKey)
        }
    }

    /// Where the second process keeps its files when it is not the app's
    /// server and account: its data space under the app's directory, which
    /// the app (the first to write there) owns.
    private static func spaceDirectory(of second: SecondIdentity, under root: String) throws -> String {
        let (url, key) = endpoint(of: second)
        return DataSpace(server: try ServerAddress(url).spaceName, apiKey: key).directory(under: root)
    }

    /// The wall clock the clients read (timestamps, the key's lifetime,
    /// HTTP-date `Retry-After`): the time the sandbox keeps, to the millisecond.
    var wallClock: @Sendable () -> Date {
        let clock = self.clock
        return { Date(timeIntervalSince1970: Double(clock.unixMilliseconds) / 1000) }
    }

    /// A new id for a client's attempt or key (`Dependencies.makeUUID`):
    /// drawn in the order the processes ask, which the simulation fixes.
    func makeUUID() -> UUID {
        ids.withLock { $0.letterUUID() }
    }

    /// When the last wait a server asked the clients for (`Retry-After`,
    /// kept in `cache.sqlite` for the next process) runs out, in virtual
    /// time; nil when none is kept.
    func rememberedRetryAfter() -> Duration? {
        let directories = [clientDirectory] + (deviceAttempts == nil ? [] : [deviceDirectory])
        return directories.compactMap { directory -> Duration? in
            let path = (directory as NSString).appendingPathComponent("cache.sqlite")
            guard FileManager.default.fileExists(atPath: path), let cache = try? Database(path: path),
                case .integer(let notBefore)? = try? cache.scalar("SELECT max(not_before) FROM retry_after_gate")
            else { return nil }
            return .seconds(notBefore - SimulationClock.epochSeconds + 1)
        }.max()
    }

    /// Removes the files.
    func removeFiles() {
        attempts.close()
        secondAttempts.close()
        deviceAttempts?.close()
        serverHolds.close()
        try? FileManager.default.removeItem(atPath: directory)
    }

    private static func makeDirectory(seed: UInt64) -> String {
        let shm = "/dev/shm"
        var isDirectory: ObjCBool = false
        let root =
            FileManager.default.fileExists(atPath: shm, isDirectory: &isDirectory) && isDirectory.boolValue
                && FileManager.default.isWritableFile(atPath: shm) ? shm : NSTemporaryDirectory()
        let name = "bookingkit-sim-\(ProcessInfo.processInfo.processIdentifier)-\(seed)-\(UUID().uuidString.prefix(8))"
        let path = (root as NSString).appendingPathComponent(name)
        try? FileManager.default.createDirectory(
            atPath: path, withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        return path
    }
}

/// Policies the simulation builds clients with.
enum OutcomePolicyFactory {
    /// One try, no retry: the inspector asks once.
    static let noRetries = BookingAPI.OutcomePolicy(maxAttempts: 1)
}
