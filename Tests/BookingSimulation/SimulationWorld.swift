import BookingAPI
import BookingCore
import BookingSandbox
import BookingTestSupport
import Foundation
import Primitives
import SQLite

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
    /// The source of every process's attempt ids and keys, from the seed.
    private let ids: Locked<SimulationRandom>
    static let apiKey = "sk_test_sim"
    /// The sandbox's address as the clients are configured with it (the
    /// network is in-process; the address is never dialled).
    static let serverURL = "http://127.0.0.1:1"

    init(seed: UInt64, faultPercent: Int, holdTTLMilliseconds: Int64) throws {
        directory = Self.makeDirectory(seed: seed)
        clientDirectory = (directory as NSString).appendingPathComponent("client")
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
        attempts = AttemptFileReader(path: (clientDirectory as NSString).appendingPathComponent("booking.sqlite"))
        serverHolds = ServerHoldReader(
            path: (directory as NSString).appendingPathComponent("sandbox/sandbox.sqlite"), account: "sim")
        let direct = InProcessTransport(handler: handler)
        network = SimulatedNetwork(
            base: direct, clock: clock, observations: observations, attempts: attempts, seed: seed,
            faultPercent: faultPercent)
        ids = Locked(SimulationRandom(seed: seed ^ 0x1D5))
        server = try ServerAddress(Self.serverURL)
        inspector = BookingAPIClient(
            server: server, apiKey: Self.apiKey, transport: direct,
            configuration: APIConfiguration(policy: OutcomePolicyFactory.noRetries), sleeper: NoSleeper())
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
        let path = (clientDirectory as NSString).appendingPathComponent("cache.sqlite")
        guard FileManager.default.fileExists(atPath: path), let cache = try? Database(path: path),
            case .integer(let notBefore)? = try? cache.scalar("SELECT max(not_before) FROM retry_after_gate")
        else { return nil }
        return .seconds(notBefore - SimulationClock.epochSeconds + 1)
    }

    /// Removes the files.
    func removeFiles() {
        attempts.close()
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
