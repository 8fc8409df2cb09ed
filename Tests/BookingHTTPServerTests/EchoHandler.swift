import BookingHTTPServer
import BookingPrimitives
import Foundation
import TestSupport

/// The handler the listener tests run against: echoes the request, and a
/// few paths behave specially.
///
/// - `/drop`: ``HTTPResponse/dropped``.
/// - `/slow?ms=N`: answers after N milliseconds.
/// - `/held`: answers once the test opens `release`.
/// - `/close`: answers with `Connection: close`.
/// - anything else: 200, the body echoed, `X-Method` and `X-Target` set.
struct EchoHandler: HTTPHandler {
    /// Counts requests that reached the handler.
    let started = Counter()
    /// Opened by the test: `/held` answers only then.
    let release = Watched(false)

    func handle(_ request: HTTPRequest) async -> HTTPResponse {
        started.increment()
        switch request.path {
        case "/drop":
            return .dropped
        case "/slow":
            let milliseconds = request.queryItems?.first { $0.name == "ms" }.flatMap { Int($0.value) } ?? 100
            // check-no-sleep: allowed (the slow handler under test; nothing is asserted after it here)
            try? await Task.sleep(for: .milliseconds(milliseconds))
            return HTTPResponse(status: 200, body: Data("slow".utf8))
        case "/held":
            await release.wait { $0 }
            return HTTPResponse(status: 200, body: Data("slow".utf8))
        case "/close":
            return HTTPResponse(status: 200, headers: ["Connection": "close"], body: Data("bye".utf8))
        default:
            return HTTPResponse(
                status: 200,
                headers: ["X-Method": request.method, "X-Target": request.target, "Content-Type": "text/plain"],
                body: request.body)
        }
    }
}

/// A thread-safe counter.
final class Counter: Sendable {
    private let count = Locked(0)

    func increment() {
        count.withLock { $0 += 1 }
    }

    var value: Int { count.withLock { $0 } }
}

/// Starts a listener on an ephemeral loopback port, runs `body`, and shuts
/// the listener down whatever happens.
func withListener<T>(
    handler: any HTTPHandler = EchoHandler(),
    _ configure: (inout HTTPListener.Configuration) -> Void = { _ in },
    _ body: (HTTPListener, UInt16) async throws -> T
) async throws -> T {
    var configuration = HTTPListener.Configuration()
    configure(&configuration)
    let listener = HTTPListener(configuration: configuration, handler: handler)
    let port = try listener.start()
    do {
        let result = try await body(listener, port)
        await listener.shutdown()
        return result
    } catch {
        await listener.shutdown()
        throw error
    }
}

/// Runs blocking work on a thread of its own (see `onOwnThread`).
func offPool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await onOwnThread(body)
}
