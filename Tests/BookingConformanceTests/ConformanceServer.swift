import BookingConformance
import BookingHTTPServer
import BookingPrimitives
import BookingSandbox
import BookingTestSupport
import Foundation

/// A real sandbox on loopback for the kit to check: its own database, the
/// wall clock (the hold clock must really count down), optionally stock
/// nginx in front of it and a `PromiseBreakingProxy` in front of that.
final class ConformanceServer: Sendable {
    static let firstKey = "sk_test_conformance"
    static let secondKey = "sk_test_conformance_other"

    let directory: TemporaryDirectory
    let handler: SandboxHandler
    let listener: HTTPListener
    let gateway: NginxGateway?
    let proxy: HTTPListener?
    /// The address the kit is given.
    let url: URL

    init(
        breaking: BrokenPromise? = nil, behindGateway: Bool = false, faultOnFirstPayment: String? = nil,
        delayedSendsLateBy: Duration? = nil
    ) throws {
        directory = TemporaryDirectory("conformance")
        handler = try SandboxHandler(
            configuration: SandboxConfiguration(databasePath: directory.file("sandbox/sandbox.sqlite")))
        listener = HTTPListener(handler: handler)
        let port = Int(try listener.start())
        gateway = behindGateway ? try NginxGateway(upstreamPort: port) : nil
        let origin = "http://127.0.0.1:\(gateway?.port ?? port)"
        if breaking != nil || faultOnFirstPayment != nil || delayedSendsLateBy != nil {
            let proxy = HTTPListener(
                handler: PromiseBreakingProxy(
                    upstream: origin, breaking: breaking, faultOnFirstPayment: faultOnFirstPayment,
                    delayedSendsLateBy: delayedSendsLateBy, firstAPIKey: Self.firstKey))
            url = URL(string: "http://127.0.0.1:\(try proxy.start())")!
            self.proxy = proxy
        } else {
            url = URL(string: origin)!
            proxy = nil
        }
    }

    /// The kit's options for this server, both accounts given.
    func options(_ extra: [String] = []) throws -> ConformanceOptions {
        try ConformanceOptions.parse(
            ["--server", url.absoluteString, "--api-key", Self.firstKey, "--second-api-key", Self.secondKey] + extra)
    }

    /// The kit's bounds in tests: its requests as in a backend's CI, its
    /// time ten times longer. Alone a run takes about 4 s; beside the whole
    /// suite on 2 cores one took 45 s (the sandboxes' commits wait on a busy
    /// disk), and a check stopped by the 60 s bound would read as a failure.
    static let testLimits = RunLimits(checkSeconds: 600)

    /// Runs the kit against the server.
    func runKit(_ extra: [String] = [], limits: RunLimits = testLimits) async throws -> ConformanceReport {
        try await ConformanceRun(options: options(extra), limits: limits).run()
    }

    /// The holds left `HELD` (live) for any account, from the sandbox's dashboard.
    func liveHolds() async throws -> [String] {
        let response = await handler.handle(HTTPRequest(method: "GET", target: "/sandbox/holds.json"))
        let rows = try JSONDecoder().decode(JSONValue.self, from: response.body).items
        return rows.filter { $0["state"].stringValue == "HELD" }.compactMap { $0["holdId"].stringValue }
    }

    /// The charges the sandbox's ledger shows for the first account.
    func charges() async throws -> Int64 {
        var request = HTTPRequest(method: "GET", target: "/v1/sandbox/ledger")
        request.headers.add(name: "Authorization", value: "Bearer \(Self.firstKey)")
        let response = await handler.handle(request)
        return try JSONDecoder().decode(JSONValue.self, from: response.body)["chargeCount"].intValue ?? -1
    }

    func stop() async {
        await proxy?.shutdown()
        gateway?.stop()
        await listener.shutdown()
    }
}
