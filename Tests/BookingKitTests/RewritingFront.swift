import BookingAPI
import BookingCore
import BookingHTTPServer
import BookingKit
import BookingPrimitives
import BookingTestSupport
import Foundation
import TestSupport
import Testing

/// The real sandbox behind a real loopback listener that rewrites chosen
/// answers: a server that answers something other than what was asked.
/// The client speaks real HTTP to it (`URLSessionTransport`) and runs the
/// whole runtime (flow, runner, repository, SQLite) over its own directory.
final class RewritingFront: @unchecked Sendable {
    /// Rewrites one answer; gets the request and the sandbox's answer.
    typealias Rewrite = RewritingHandler.Rewrite

    let sandbox: SandboxFixture
    let listener: HTTPListener
    let api: BookingAPIClient
    let runtime: BookingRuntime
    private let front: RewritingHandler

    init(_ rewrite: @escaping Rewrite) throws {
        sandbox = try SandboxFixture(route: .inProcess)
        front = RewritingHandler(inner: sandbox.handler, rewrite: rewrite)
        listener = HTTPListener(handler: front)
        let port = try listener.start()
        api = BookingAPIClient(
            server: try ServerAddress("http://127.0.0.1:\(port)"), apiKey: "sk_test_test",
            transport: URLSessionTransport(), sleeper: NoSleeper())
        runtime = try BookingRuntime(
            directory: sandbox.clientDirectory, api: api, dependencies: Dependencies(sleeper: NoSleeper()))
    }

    var flow: FlowStore { runtime.flow }

    /// Every request that reached the front, as `METHOD target`.
    var requests: [String] { front.seen }

    /// The first offer in Lisbon for two nights, as the flow sees it.
    func firstOffer(refundable: Bool = false) async throws -> Offer {
        try await Harness.firstOffer(from: api, refundable: refundable)
    }

    /// Waits until the flow's state satisfies `condition` (awaited on the
    /// store's states, never polled).
    func waitFor(_ condition: @escaping @Sendable (BookingFlow.State) -> Bool) async -> BookingFlow.State {
        if let reached = await flow.firstState(where: condition) { return reached }
        return await flow.state
    }

    func stop() async {
        await listener.shutdown()
    }

    /// The JSON body of `response` changed by `change`.
    static func rewritingJSON(_ response: HTTPResponse, _ change: (inout [String: Any]) -> Void) -> HTTPResponse {
        RewritingHandler.rewritingJSON(response, change)
    }
}
