import BookingAPI
import BookingHTTPServer
import BookingPrimitives
import Foundation
import Testing

/// A fake server on 127.0.0.1 (an ephemeral port) that answers with
/// `answer`, and a real `URLSessionTransport` client pointed at it: the
/// hardening tests' real HTTP over loopback.
final class LoopbackServer: Sendable {
    private let listener: HTTPListener
    private let seen = Locked<[HTTPRequest]>([])
    /// The client, over real HTTP.
    let api: BookingAPIClient
    /// The server's address.
    let address: ServerAddress

    /// Starts a server on `host` whose every answer is `answer(request)`;
    /// the client names it `http://<name>:<port>` (`name` is `host` unless given).
    init(
        host: String = "127.0.0.1", name: String? = nil, configuration: APIConfiguration = APIConfiguration(),
        _ answer: @escaping @Sendable (HTTPRequest) -> HTTPResponse
    ) throws {
        let seen = self.seen
        var listening = HTTPListener.Configuration()
        listening.host = host
        listener = HTTPListener(
            configuration: listening,
            handler: Answering { request in
                seen.withLock { $0.append(request) }
                return answer(request)
            })
        let port = try listener.start()
        address = try ServerAddress("http://\(name ?? host):\(port)")
        api = BookingAPIClient(
            server: address, apiKey: "sk_test_loopback", transport: URLSessionTransport(),
            configuration: configuration, sleeper: RecordingSleeper())
    }

    /// A server whose every answer is `status` with the JSON `body`.
    convenience init(status: Int = 200, json body: String) throws {
        try self.init { _ in
            HTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: Data(body.utf8))
        }
    }

    /// The requests received so far.
    var requests: [HTTPRequest] { seen.withLock { $0 } }

    /// Stops the server.
    func stop() async { await listener.shutdown() }
}

/// A handler made of a closure.
private struct Answering: HTTPHandler {
    let answer: @Sendable (HTTPRequest) -> HTTPResponse
    func handle(_ request: HTTPRequest) async -> HTTPResponse { answer(request) }
}

/// The reason of a bad answer from the server (`APIError.invalidResponse`),
/// or nil (an issue recorded) when `error` is anything else.
func badAnswerReason(_ error: APIError?, sourceLocation: SourceLocation = #_sourceLocation) -> String? {
    detail(of: error, .badAnswer, sourceLocation: sourceLocation)
}

/// The detail of an unknown outcome (`APIError.unknownOutcome`), or nil
/// (an issue recorded) when `error` is anything else.
func unknownOutcomeDetail(_ error: APIError?, sourceLocation: SourceLocation = #_sourceLocation) -> String? {
    detail(of: error, .unknownOutcome, sourceLocation: sourceLocation)
}

/// The two answers a hostile server's tests expect.
private enum ExpectedError: String {
    case badAnswer = "a bad answer"
    case unknownOutcome = "an unknown outcome"
}

/// The text `error` carries when it is the `expected` kind, or nil with an
/// issue recorded that names what was expected.
private func detail(of error: APIError?, _ expected: ExpectedError, sourceLocation: SourceLocation) -> String? {
    switch (expected, error) {
    case (.badAnswer, .invalidResponse(let reason)?): return reason
    case (.unknownOutcome, .unknownOutcome(let detail)?): return detail
    default:
        Issue.record("expected \(expected.rawValue), got \(String(describing: error))", sourceLocation: sourceLocation)
        return nil
    }
}
