import BookingAPI
import BookingCore
import BookingKit
import BookingStore
import Foundation

/// What a command that talks to the server gets: the API client (to the
/// given server, or to the embedded sandbox started here), the data
/// directory, the hold clock and the runtime.
public final class Services: Sendable {
    /// The settings.
    public let settings: Settings
    /// The console.
    public let console: Console
    /// The embedded sandbox, when no server was given.
    public let embedded: EmbeddedSandbox?
    /// The server's address.
    public let server: ServerAddress
    /// The API client.
    public let api: BookingAPIClient
    /// The same server for best-effort work at launch (the offline viewer's
    /// sync and reconciliation): one try, a short timeout. A server that is
    /// down answers "not reachable" at once instead of after retries, so it
    /// never holds up the device's own copy.
    public let launchAPI: BookingAPIClient
    /// Set once a request of this run never left (the device is offline).
    public let offline = Flag()
    /// The hold clock: the runtime's monotonic readings and the countdown's.
    public let clock = HoldClock()
    private let crashHook: EffectRunner.BoundaryHook?
    /// Where BookingKit logs: stderr when `BOOKING_LOG` is set, else nowhere.
    package let logHandler: any LogHandler

    /// Opens the data directory and, when no server is given, starts the
    /// embedded sandbox in `<data-dir>/sandbox/`.
    ///
    /// - Parameters:
    ///   - wrapTransport: wraps the HTTP transport (the demo injects a fault header).
    ///   - holdTTLMilliseconds: the embedded sandbox's hold TTL (the demo's is short).
    public init(
        settings: Settings, console: Console, environment: [String: String],
        wrapTransport: (any Transport) -> any Transport = { $0 }, holdTTLMilliseconds: Int64? = nil
    ) throws(CommandFailure) {
        self.settings = settings
        self.console = console
        logHandler = StandardErrorLogHandler.from(environment: environment, console: console)
        try Self.makeDirectory(settings.dataDirectory)
        if let given = settings.server {
            embedded = nil
            server = given
        } else {
            do {
                let sandbox = try EmbeddedSandbox(
                    directory: (settings.dataDirectory as NSString).appendingPathComponent("sandbox"),
                    holdTTLMilliseconds: holdTTLMilliseconds)
                embedded = sandbox
                server = sandbox.address
            } catch {
                throw .failed("cannot start the embedded sandbox in \(settings.dataDirectory)/sandbox: \(error)")
            }
        }
        let transport = wrapTransport(OfflineNoticingTransport(base: URLSessionTransport(), offline: offline))
        // One gate for the server, shared with later runs through the cache.
        let memory = CachedRetryAfterMemory(directory: settings.dataDirectory, server: server)
        api = BookingAPIClient(
            server: server, apiKey: settings.apiKey, transport: transport, retryAfterMemory: memory)
        launchAPI = BookingAPIClient(
            server: server, apiKey: settings.apiKey, transport: transport,
            configuration: APIConfiguration(policy: OutcomePolicy(maxAttempts: 1), readTimeout: .seconds(1)),
            retryAfterMemory: memory)
        crashHook = CrashHook.hook(environment: environment)
    }

    /// Whether the server is a sandbox (embedded, or on this machine): its
    /// 3-D Secure challenges can be completed by the CLI.
    public var isSandbox: Bool {
        embedded != nil || ServerAddress.isLoopback(server.baseURL.host ?? "")
    }

    /// The runtime over the data directory, logging its flow to a new event
    /// log named after `command`.
    package func runtime(command: String) throws(CommandFailure) -> BookingRuntime {
        let clock = self.clock
        do {
            return try BookingRuntime(
                directory: settings.dataDirectory, api: api,
                configuration: RepositoryConfiguration(challengeReturnURL: Self.challengeReturnURL(settings)),
                dependencies: Dependencies(holdNow: { clock.now() }),
                logPath: EventLogFiles.newPath(in: settings.dataDirectory, command: command), logHandler: logHandler,
                boundaryHook: crashHook)
        } catch  where BookingDatabase.isStorageFull(error) {
            // Nothing was saved, so nothing was sent: say what to do, not "cannot open".
            throw .failed(
                "\(BookingFlow.storageFullMessage) (cannot open the bookings in \(settings.dataDirectory): \(error))")
        } catch {
            throw .failed("cannot open the bookings in \(settings.dataDirectory): \(error)")
        }
    }

    /// The trips of the data directory; `online` false reads them with no
    /// network at all, opening `booking.sqlite` read-only.
    package func trips(online: Bool = true, api: BookingAPIClient? = nil) throws(CommandFailure) -> TripRepository {
        do {
            return try TripRepository(
                directory: settings.dataDirectory, api: online ? api ?? self.api : nil,
                access: online ? .readWrite : .readOnly, logHandler: logHandler)
        } catch {
            throw .failed("cannot open the trips in \(settings.dataDirectory): \(error)")
        }
    }

    /// The search cache and client, after the launch-time reconciliation
    /// (``reconcileAtLaunch()``) a search command runs first.
    package func searchAfterReconciling() async throws(CommandFailure) -> SearchRepository {
        await reconcileAtLaunch()
        return try search()
    }

    /// The search cache and client (no debounce: one query per command).
    package func search() throws(CommandFailure) -> SearchRepository {
        do {
            return try SearchRepository(
                directory: settings.dataDirectory, api: api, debounce: .zero, logHandler: logHandler)
        } catch  where BookingDatabase.isStorageFull(error) {
            throw .failed(
                "\(BookingFlow.storageFullMessage) (cannot open the search cache in \(settings.dataDirectory): \(error))"
            )
        } catch {
            throw .failed("cannot open the search cache in \(settings.dataDirectory): \(error)")
        }
    }

    /// Creates the data directory `0700`, or tightens an existing one to
    /// `0700`; refuses one that is a symbolic link (a link higher up the
    /// path is followed).
    /// The link the bank's page sends the browser back to: `booking open`
    /// takes it (the link host's 3-D Secure return route).
    static func challengeReturnURL(_ settings: Settings) -> String {
        "https://\(settings.linkHost)/bookings/{bookingId}/3ds-return"
    }

    static func makeDirectory(_ path: String) throws(CommandFailure) {
        do {
            try BookingDatabase.makeDataDirectory(atPath: path)
        } catch {
            throw .failed("cannot use the data directory \(path): \(error)")
        }
    }
}

extension Services {
    /// The launch-time reconciliation of a command that has no runtime of
    /// its own (search, offers, cancel): bounded, quiet unless it settled something.
    public func reconcileAtLaunch() async {
        let repository: BookingRepository
        do {
            repository = try BookingRepository(directory: settings.dataDirectory, api: api, logHandler: logHandler)
        } catch {
            // The command goes on; the next launch settles what is open.
            logHandler.log(
                level: .warning, message: "cannot open the bookings to settle them at launch",
                metadata: ["error": "\(error)"], source: "launch")
            return
        }
        await LaunchReconciler.run(repository, console: console)
    }
}
