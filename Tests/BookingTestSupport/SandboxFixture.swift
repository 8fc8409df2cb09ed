import BookingAPI
import BookingHTTPServer
import BookingPrimitives
import BookingSandbox
import Foundation
@_exported import TestSupport

/// A sandbox for one test: its own database in a temporary directory, a
/// manual clock, and a client that reaches it either in-process or over
/// real HTTP on loopback (the listener on port 0, URLSession).
package final class SandboxFixture: @unchecked Sendable {
    /// How the client reaches the sandbox.
    package enum Route: String, CaseIterable, Sendable, CustomStringConvertible {
        case inProcess, loopback
        package var description: String { rawValue }
    }

    /// The temporary directory (the sandbox's database and the client's).
    package let directory: TemporaryDirectory
    /// The sandbox's clock, moved by hand.
    package let clock: SandboxManualClock
    /// The handler.
    package let handler: SandboxHandler
    /// The listener, on the loopback route.
    package let listener: HTTPListener?
    /// The transport the client uses, with faults to plan.
    package let transport: FaultInjectingTransport
    /// The server's address.
    package let server: ServerAddress
    /// The gateway in front of the listener, if the fixture has one.
    package let gateway: NginxGateway?
    /// The ports of a stopped fixture, kept from other listeners.
    private let closedPorts = Locked<[ClosedPort]>([])
    /// The port the client speaks to, on the loopback route.
    private let clientPort: Int?
    /// Where the client's databases go.
    package var clientDirectory: String { directory.file("client") }

    /// Starts a sandbox.
    package init(
        route: Route, holdTTLMilliseconds: Int64 = 15 * 60 * 1000, faultRates: [SandboxFault: Double] = [:],
        faultSeed: UInt64 = 1, retryAfterSeconds: Int = 1,
        keyLifetimeSeconds: Int64 = SandboxConfiguration.defaultIdempotencyKeyLifetimeSeconds,
        behindGateway: Bool = false, guardrail: GuardrailSettings? = nil
    ) throws {
        directory = TemporaryDirectory("sandbox-fixture")
        clock = SandboxManualClock()
        var configuration = SandboxConfiguration(databasePath: directory.file("sandbox/sandbox.sqlite"))
        configuration.holdTTLMilliseconds = holdTTLMilliseconds
        configuration.clock = .manual(clock)
        configuration.faultRates = faultRates
        configuration.faultSeed = faultSeed
        configuration.retryAfterSeconds = retryAfterSeconds
        configuration.idempotencyKeyLifetimeSeconds = keyLifetimeSeconds
        configuration.guardrail = guardrail
        handler = try SandboxHandler(configuration: configuration)
        switch route {
        case .inProcess:
            precondition(!behindGateway, "a gateway needs the loopback route")
            gateway = nil
            listener = nil
            clientPort = nil
            server = try ServerAddress("http://127.0.0.1:1")
            transport = FaultInjectingTransport(InProcessTransport(handler: handler))
        case .loopback:
            let listener = HTTPListener(handler: handler)
            let port = try listener.start()
            self.listener = listener
            // Behind a gateway: real nginx in front of the listener, and
            // the client speaks to nginx.
            gateway = behindGateway ? try NginxGateway(upstreamPort: Int(port)) : nil
            clientPort = gateway?.port ?? Int(port)
            server = try ServerAddress("http://127.0.0.1:\(gateway?.port ?? Int(port))")
            transport = FaultInjectingTransport(URLSessionTransport())
        }
    }

    /// A client for account `name`, retrying without real waits unless told.
    /// With a `NoSleeper` its wall clock is the sleeper's, which the waits
    /// it skipped have moved on: a `Retry-After` ends when its wait does.
    package func client(
        account: String = "test", configuration: APIConfiguration = APIConfiguration(),
        sleeper: any Sleeper = NoSleeper()
    ) -> BookingAPIClient {
        let machine: @Sendable () -> Int64 = { Int64(Date().timeIntervalSince1970) }
        return BookingAPIClient(
            server: server, apiKey: "sk_test_\(account)", transport: transport,
            configuration: configuration, sleeper: sleeper,
            wallClockSeconds: (sleeper as? NoSleeper)?.wallClockSeconds ?? machine)
    }

    /// Whether the sandbox holds the Idempotency-Key `key` as claimed by a
    /// request still running (its dashboard's idempotency list says so).
    package func isRunning(key: String) async throws -> Bool {
        let response = await handler.handle(HTTPRequest(method: "GET", target: "/sandbox/idempotency.json"))
        let records = try JSONSerialization.jsonObject(with: response.body) as? [[String: Any]] ?? []
        return records.contains { $0["key"] as? String == key && $0["state"] as? String == "running" }
    }

    /// The holds the sandbox keeps live (`HELD`, not expired, not booked
    /// away) for `account`, as its dashboard's holds list says.
    package func liveHolds(account: String = "test") async throws -> [String] {
        let response = await handler.handle(HTTPRequest(method: "GET", target: "/sandbox/holds.json"))
        let rows = try JSONSerialization.jsonObject(with: response.body) as? [[String: Any]] ?? []
        return rows.filter { $0["account"] as? String == account && $0["state"] as? String == "HELD" }
            .compactMap { $0["holdId"] as? String }
    }

    /// Stops the listener, if any. The client's port stays bound without
    /// listening for the fixture's life, so a request to it is refused
    /// rather than answered by another test's server given the same port.
    package func stop() async {
        gateway?.stop()
        await listener?.shutdown()
        guard let clientPort, let closed = ClosedPort(clientPort) else { return }
        closedPorts.withLock { $0.append(closed) }
    }
}
