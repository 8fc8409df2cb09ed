import BookingAPI
import BookingHTTPServer
import BookingSandbox
import Foundation

/// A `Transport` that hands each request straight to the sandbox's handler
/// in this process: no socket, no port, the same answers as over HTTP. A
/// fault that drops the connection is a lost answer, exactly as over a
/// socket.
public struct InProcessTransport: Transport {
    let handler: any HTTPHandler

    /// A transport to `sandbox`, a sandbox server's handler in this process.
    public init(sandbox: SandboxHandler) {
        self.handler = sandbox
    }

    /// A transport over any handler of the package's HTTP server.
    package init(handler: any HTTPHandler) {
        self.handler = handler
    }

    /// Hands `request` to the handler and returns its answer; a dropped
    /// connection throws `.connectionLost`.
    public func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
        var target = request.url.path
        if target.isEmpty { target = "/" }
        if let query = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.percentEncodedQuery {
            target += "?" + query
        }
        var headers = HTTPHeaders()
        for (name, value) in request.headers.sorted(by: { $0.key < $1.key }) { headers.add(name: name, value: value) }
        // As a client sends it over a socket: the port too, when the URL names one.
        let host = request.url.host ?? "localhost"
        headers.add(name: "Host", value: request.url.port.map { "\(host):\($0)" } ?? host)
        let response = await handler.handle(
            HTTPRequest(method: request.method, target: target, headers: headers, body: request.body ?? Data()))
        guard response.disposition == .answer else {
            throw TransportError(.connectionLost, "the server closed the connection without an answer")
        }
        var fields: [String: String] = [:]
        for field in response.headers { fields[field.name] = field.value }
        return TransportResponse(status: response.status, headers: fields, body: response.body)
    }
}
