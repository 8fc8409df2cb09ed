import BookingAPI
import BookingHTTPServer
import BookingPrimitives
import Foundation

/// A small HTTP proxy in front of a real sandbox that breaks exactly one
/// promise of the contract (`BrokenPromise`) and forwards everything else
/// as it is: the server a backend team might have written, one mistake at
/// a time. It can also add a sandbox fault to the first payment it
/// forwards (`faultOnFirstPayment`), for a gateway behind it to answer,
/// and hold back each send the kit asks the server to delay
/// (`delayedSendsLateBy`), as a busy machine or a slow path would.
final class PromiseBreakingProxy: HTTPHandler {
    let upstream: String
    let breaking: BrokenPromise?
    let faultOnFirstPayment: String?
    let delayedSendsLateBy: Duration?
    /// The first account's `Authorization` (for `leakAcrossAccounts`).
    let firstAuthorization: String
    private let transport = URLSessionTransport()
    private let memory = Locked(Memory())

    private struct Memory {
        var bodies: [String: Data] = [:]
        var closedKeys: Set<String> = []
        var firstTimeLeft: [String: Int64] = [:]
        var answeredPayment = false
        var faultedPayment = false
    }

    init(
        upstream: String, breaking: BrokenPromise?, faultOnFirstPayment: String? = nil,
        delayedSendsLateBy: Duration? = nil, firstAPIKey: String
    ) {
        self.upstream = upstream
        self.breaking = breaking
        self.faultOnFirstPayment = faultOnFirstPayment
        self.delayedSendsLateBy = delayedSendsLateBy
        firstAuthorization = "Bearer \(firstAPIKey)"
    }

    func handle(_ request: HTTPRequest) async -> HTTPResponse {
        var request = request
        if let late = delayedSendsLateBy, request.headers["Sandbox-Fault"]?.hasPrefix("delay-ms=") == true {
            // check-no-sleep: allowed (a slow path whose pace is the input under test)
            try? await Task.sleep(for: late)
        }
        let path = String(request.path)
        let key = request.headers["Idempotency-Key"]
        let scope = "\(request.headers["Authorization"] ?? "") \(path) \(key ?? "")"
        let isPayment = request.method == "POST" && path == "/v1/bookings"
        switch breaking {
        case .runReusedKey? where key != nil:
            let earlier = memory.withLock { memory in
                defer { memory.bodies[scope] = memory.bodies[scope] ?? request.body }
                return memory.bodies[scope]
            }
            if let earlier, earlier != request.body { request.headers = Self.freshKey(request.headers) }
        case .ignoreStayCondition? where isPayment:
            request.body = Self.edited(request.body) { json in
                guard case .object(let fields) = json else { return nil }
                return .object(fields.filter { $0.0 != "ifStayNotBooked" })
            }
        case .runClosedKey? where isPayment:
            if memory.withLock({ $0.closedKeys.contains(scope) }) { request.headers = Self.freshKey(request.headers) }
        case .leakAcrossAccounts?
        where request.target.hasPrefix("/v1/bookings?attempt=")
            && request.headers["Authorization"] != firstAuthorization:
            request.headers = Self.replacing("Authorization", with: firstAuthorization, in: request.headers)
        default: break
        }
        if isPayment, let fault = faultOnFirstPayment, request.headers["Sandbox-Fault"] == nil,
            once(\.faultedPayment)
        {
            request.headers.add(name: "Sandbox-Fault", value: fault)
        }
        var response = await forward(request)
        if breaking == .runCollidingSend, Self.code(response) == "IDEMPOTENCY_KEY_IN_USE" {
            request.headers = Self.freshKey(request.headers)
            response = await forward(request)
        }
        return change(response, to: request, path: path, isPayment: isPayment)
    }

    /// The answer as the broken server gives it.
    private func change(_ response: HTTPResponse, to request: HTTPRequest, path: String, isPayment: Bool)
        -> HTTPResponse
    {
        var response = response
        switch breaking {
        case .answer503AfterPayment? where isPayment && (200..<300).contains(response.status):
            if once(\.answeredPayment) {
                var unavailable = HTTPResponse.jsonError(
                    status: 503, code: "UNAVAILABLE", message: "The service is unavailable; retry later.")
                unavailable.headers.add(name: "Retry-After", value: "1")
                return unavailable
            }
        case .garbleRetryAfter? where response.headers["Retry-After"] != nil:
            response.headers = Self.replacing("Retry-After", with: "in a moment", in: response.headers)
        case .stripReplayHeader?:
            response.headers = HTTPHeaders(
                response.headers.fields.filter { $0.name.lowercased() != "idempotent-replayed" })
        case .runClosedKey? where path == "/v1/bookings/close-key":
            let json = Self.json(response.body)
            if json["state"].stringValue == "CLOSED", let key = Self.json(request.body)["idempotencyKey"].stringValue {
                let scope = "\(request.headers["Authorization"] ?? "") /v1/bookings \(key)"
                memory.withLock { _ = $0.closedKeys.insert(scope) }
            }
        case .readOlderVersion? where request.method == "GET" && path.hasPrefix("/v1/bookings/bk_"):
            response.body = Self.edited(response.body) { json in
                guard let version = json["version"].intValue, version > 1 else { return nil }
                return Self.setting("version", to: .int(version - 1), in: json)
            }
        case .freezeHoldClock? where request.method == "GET" && path.hasPrefix("/v1/holds/hold_"):
            response.body = Self.edited(response.body) { json in
                guard let left = json["expiresInMs"].intValue else { return nil }
                let first = self.memory.withLock { memory in
                    memory.firstTimeLeft[path] = memory.firstTimeLeft[path] ?? left
                    return memory.firstTimeLeft[path] ?? left
                }
                return Self.setting("expiresInMs", to: .int(first), in: json)
            }
        case .dropBookingFromRefusal? where Self.code(response) == "HOLD_ALREADY_BOOKED":
            response.body = Self.edited(response.body) { json in
                guard case .object(let fields) = json["error"] else { return nil }
                return Self.setting("error", to: .object(fields.filter { $0.0 != "bookingId" }), in: json)
            }
        default: break
        }
        return response
    }

    /// True the first time it is asked about `flag`, false after.
    private func once(_ flag: WritableKeyPath<Memory, Bool>) -> Bool {
        memory.withLock { memory in
            defer { memory[keyPath: flag] = true }
            return !memory[keyPath: flag]
        }
    }

    private func forward(_ request: HTTPRequest) async -> HTTPResponse {
        var headers: [String: String] = [:]
        for field in request.headers
        where !["host", "content-length", "connection"].contains(field.name.lowercased()) {
            headers[field.name] = field.value
        }
        guard let url = URL(string: upstream + request.target) else { return .dropped }
        let outgoing = TransportRequest(
            method: request.method, url: url, headers: headers, body: request.body.isEmpty ? nil : request.body,
            timeout: .seconds(20))
        guard let answer = try? await transport.send(outgoing) else { return .dropped }
        var fields = HTTPHeaders()
        for (name, value) in answer.headers
        where !["content-length", "connection", "transfer-encoding", "date", "server"].contains(name) {
            fields.add(name: name, value: value)
        }
        return HTTPResponse(status: answer.status, headers: fields, body: answer.body)
    }

    private static func freshKey(_ headers: HTTPHeaders) -> HTTPHeaders {
        replacing("Idempotency-Key", with: "proxy-\(UInt64.random(in: 0...UInt64.max))", in: headers)
    }

    private static func replacing(_ name: String, with value: String, in headers: HTTPHeaders) -> HTTPHeaders {
        var changed = HTTPHeaders(headers.fields.filter { $0.name.lowercased() != name.lowercased() })
        changed.add(name: name, value: value)
        return changed
    }

    private static func json(_ body: Data) -> JSONValue {
        (try? JSONDecoder().decode(JSONValue.self, from: body)) ?? .null
    }

    private static func code(_ response: HTTPResponse) -> String? {
        json(response.body)["error"]["code"].stringValue
    }

    private static func setting(_ name: String, to value: JSONValue, in json: JSONValue) -> JSONValue? {
        guard case .object(let fields) = json else { return nil }
        return .object(fields.map { $0.0 == name ? ($0.0, value) : $0 })
    }

    /// `body` with `edit` applied to its JSON, or as it was when `edit` gives nil.
    private static func edited(_ body: Data, _ edit: (JSONValue) -> JSONValue?) -> Data {
        edit(json(body)).map { Data($0.serialized(pretty: false).utf8) } ?? body
    }
}
