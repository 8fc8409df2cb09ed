import BookingAPI
import BookingCore
import BookingSandbox
import BookingTestSupport
import Foundation

/// What stays up while the client process dies and restarts: the sandbox
/// (in-process, on virtual time), the network between them, the files on
/// disk, and a fault-free client the checks use to ask the server.
final class SimulationWorld: @unchecked Sendable {
    /// Unix seconds at virtual time zero (2026-06-01T00:00:00Z).
    static let epochSeconds: Int64 = 1_780_272_000

    let directory: String
    let clientDirectory: String
    let scheduler: VirtualScheduler
    let observations: Observations
    let handler: SandboxHandler
    let network: SimulatedNetwork
    let attempts: AttemptFileReader
    /// A client with no faults and no retries, for the checks and the "bank".
    let inspector: BookingAPIClient
    let server: ServerAddress
    static let apiKey = "sk_test_sim"

    init(seed: UInt64, faultPercent: Int, holdTTLMilliseconds: Int64) throws {
        directory = Self.makeDirectory(seed: seed)
        clientDirectory = (directory as NSString).appendingPathComponent("client")
        let scheduler = VirtualScheduler()
        self.scheduler = scheduler
        observations = Observations()
        var configuration = SandboxConfiguration(
            databasePath: (directory as NSString).appendingPathComponent("sandbox/sandbox.sqlite"))
        configuration.holdTTLMilliseconds = holdTTLMilliseconds
        configuration.clock = SandboxClock {
            Self.epochSeconds * 1000 + scheduler.now.components.seconds * 1000
                + scheduler.now.components.attoseconds / 1_000_000_000_000_000
        }
        handler = try SandboxHandler(configuration: configuration)
        attempts = AttemptFileReader(path: (clientDirectory as NSString).appendingPathComponent("booking.sqlite"))
        let direct = InProcessTransport(handler: handler)
        network = SimulatedNetwork(
            base: direct, scheduler: scheduler, observations: observations, attempts: attempts,
            epochSeconds: Self.epochSeconds, seed: seed, faultPercent: faultPercent)
        server = try ServerAddress("http://127.0.0.1:1")
        inspector = BookingAPIClient(
            server: server, apiKey: Self.apiKey, transport: direct,
            configuration: APIConfiguration(policy: OutcomePolicyFactory.noRetries), sleeper: NoSleeper())
    }

    /// The wall clock the client reads (only for HTTP-date `Retry-After`).
    var wallClockSeconds: @Sendable () -> Int64 {
        let scheduler = self.scheduler
        return { Self.epochSeconds + scheduler.now.components.seconds }
    }

    /// Removes the files.
    func removeFiles() {
        attempts.close()
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
