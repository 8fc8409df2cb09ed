import BookingHTTPServer
import BookingPrimitives
import Foundation
import Testing

@testable import BookingSandbox

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// How a test reaches the sandbox: calling the handler in-process, or over
/// loopback through the socket listener with URLSession.
enum Transport: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case inProcess
    case loopback

    var testDescription: String { rawValue }
}

/// A response as a test sees it.
struct TestResponse: Sendable {
    var status: Int
    var headers: [String: String]
    var body: Data
    /// The server closed the connection without answering.
    var dropped: Bool

    func header(_ name: String) -> String? { headers[name.lowercased()] }

    var json: JSONValue { JSONValue.parse(body) ?? .null }

    /// The error code of an error body.
    var errorCode: String? { json["error"]["code"].stringValue }
}

/// A running sandbox over a fresh database in a temporary directory, with
/// a manual clock, reached through one transport.
final class Sandbox: Sendable {
    let transport: Transport
    let clock: SandboxManualClock
    let handler: SandboxHandler
    let server: SandboxServer?
    let directory: URL
    let session: URLSession

    init(
        _ transport: Transport, listener: HTTPListener.Configuration = .init(),
        configure: (inout SandboxConfiguration) -> Void = { _ in }
    ) async throws {
        self.transport = transport
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("bk-sandbox-tests-\(UUID().uuidString)", isDirectory: true)
        self.directory = directory
        let clock = SandboxManualClock()
        self.clock = clock
        var configuration = SandboxConfiguration(
            databasePath: SandboxConfiguration.databasePath(inDataDirectory: directory.path), clock: .manual(clock))
        configure(&configuration)
        switch transport {
        case .inProcess:
            self.handler = try SandboxHandler(configuration: configuration)
            self.server = nil
        case .loopback:
            let server = try SandboxServer(configuration: configuration, listenerConfiguration: listener)
            _ = try server.start()
            self.server = server
            self.handler = server.handler
        }
        let sessionConfiguration = URLSessionConfiguration.ephemeral
        // Only guards against a hang: a loaded machine has stalled a suite for 28 s.
        sessionConfiguration.timeoutIntervalForRequest = 60
        sessionConfiguration.httpShouldSetCookies = false
        self.session = URLSession(configuration: sessionConfiguration)
    }

    /// Stops the listener and deletes the database.
    func close() async {
        await server?.shutdown()
        session.invalidateAndCancel()
        try? FileManager.default.removeItem(at: directory)
    }

    /// Sends a request as account `account` (nil: no Authorization header).
    func send(
        _ method: String, _ target: String, json: String? = nil, key: String? = nil, fault: String? = nil,
        account: String? = "alice", headers extra: [String: String] = [:], body raw: String? = nil
    ) async throws -> TestResponse {
        var headers = HTTPHeaders()
        if let account { headers["Authorization"] = "Bearer sk_test_\(account)" }
        if let key { headers["Idempotency-Key"] = key }
        if let fault { headers["Sandbox-Fault"] = fault }
        if json != nil { headers["Content-Type"] = "application/json" }
        for (name, value) in extra { headers[name] = value }
        let body = Data((json ?? raw ?? "").utf8)
        switch transport {
        case .inProcess:
            let response = await handler.handle(
                HTTPRequest(method: method, target: target, headers: headers, body: body))
            var flat: [String: String] = [:]
            for field in response.headers { flat[field.name.lowercased()] = field.value }
            return TestResponse(
                status: response.status, headers: flat, body: response.body,
                dropped: response.disposition == .dropConnection)
        case .loopback:
            guard let port = server?.port, let url = URL(string: "http://127.0.0.1:\(port)\(target)") else {
                throw URLError(.badURL)
            }
            var request = URLRequest(url: url)
            request.httpMethod = method
            for field in headers { request.setValue(field.value, forHTTPHeaderField: field.name) }
            if !body.isEmpty { request.httpBody = body }
            // A fresh connection when the answer will be dropped: on a reused
            // keep-alive connection libcurl (Linux URLSession) silently resends
            // the request once, without its body.
            let fresh = fault?.contains("drop-response") == true
            let session = fresh ? URLSession(configuration: .ephemeral) : self.session
            defer { if fresh { session.finishTasksAndInvalidate() } }
            do {
                let (data, response) = try await session.data(for: request)
                guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
                var flat: [String: String] = [:]
                for (name, value) in http.allHeaderFields {
                    if let name = name as? String, let value = value as? String { flat[name.lowercased()] = value }
                }
                return TestResponse(status: http.statusCode, headers: flat, body: data, dropped: false)
            } catch let error as URLError where Self.lostAnswerCodes.contains(error.code) {
                return TestResponse(status: 0, headers: [:], body: Data(), dropped: true)
            }
        }
    }

    private static let lostAnswerCodes: Set<URLError.Code> = [
        .networkConnectionLost, .badServerResponse, .cannotParseResponse, .zeroByteResource,
    ]

    // MARK: Steps most tests share

    /// Lisbon offers for a 3-night stay in November 2026: the first, or
    /// with `refundable` the first whose cancellation is free now.
    func firstOffer(place: String = "plc_lisbon", guests: Int = 2, refundable: Bool = false) async throws -> JSONValue {
        let response = try await send(
            "GET",
            "/v1/offers?placeId=\(place)&checkIn=2026-11-03&checkOut=2026-11-06&guests=\(guests)"
                + (refundable ? "&freeCancellation=true" : ""))
        #expect(response.status == 200)
        return response.json["items"][0]
    }

    /// Holds the first Lisbon offer (`refundable`: the first free to
    /// cancel); returns the hold body.
    func hold(key: String = UUID().uuidString, account: String = "alice", refundable: Bool = false) async throws
        -> JSONValue
    {
        let offer = try await firstOffer(refundable: refundable)
        let response = try await send("POST", "/v1/holds", json: Self.holdBody(offer), key: key, account: account)
        #expect(response.status == 201)
        return response.json
    }

    /// Holds the first Lisbon offer; returns the hold's id.
    func heldID(key: String = UUID().uuidString, account: String = "alice", refundable: Bool = false) async throws
        -> String
    {
        try #require(try await hold(key: key, account: account, refundable: refundable)["holdId"].stringValue)
    }

    /// The body of `POST /v1/holds` for `offer` (an offer's JSON).
    static func holdBody(_ offer: JSONValue) -> String {
        #"{"offerId":"\#(offer["offerId"].stringValue ?? "")","quoteId":"\#(offer["quoteId"].stringValue ?? "")"}"#
    }

    /// `POST /v1/bookings` for the hold `holdID` with `token`.
    func pay(
        _ holdID: String?, token: String, key: String = UUID().uuidString, fault: String? = nil,
        account: String = "alice"
    ) async throws -> TestResponse {
        try await send(
            "POST", "/v1/bookings", json: #"{"holdId":"\#(holdID ?? "")","paymentToken":"\#(token)"}"#, key: key,
            fault: fault, account: account)
    }

    /// Pays for a new hold with `token` (`refundable`: of a room free to
    /// cancel); returns the booking response.
    func book(token: String, key: String = UUID().uuidString, fault: String? = nil, refundable: Bool = false)
        async throws -> TestResponse
    {
        try await pay(try await heldID(refundable: refundable), token: token, key: key, fault: fault)
    }

    func ledger(account: String = "alice") async throws -> JSONValue {
        try await send("GET", "/v1/sandbox/ledger", account: account).json
    }
}

/// Runs `body` with a fresh sandbox on `transport`, closing it afterwards.
/// Its holds last `holdTTLMilliseconds` (the setting the hold and key tests
/// shorten or lengthen); `configure` changes any other setting.
func withSandbox(
    _ transport: Transport, holdTTLMilliseconds: Int64 = SandboxConfiguration.defaultHoldTTLMilliseconds,
    configure: (inout SandboxConfiguration) -> Void = { _ in }, _ body: (Sandbox) async throws -> Void
) async throws {
    let sandbox = try await Sandbox(transport) {
        $0.holdTTLMilliseconds = holdTTLMilliseconds
        configure(&$0)
    }
    do {
        try await body(sandbox)
    } catch {
        await sandbox.close()
        throw error
    }
    await sandbox.close()
}
