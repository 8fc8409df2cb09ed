import BookingAPI
import BookingHTTPServer
import Foundation

/// A `Transport` that hands each request straight to an `HTTPHandler` (the
/// sandbox's) in this process. A handler that drops the connection is a
/// lost answer, exactly as over a socket.
package struct InProcessTransport: Transport {
    let handler: any HTTPHandler

    /// Creates a transport over `handler`.
    package init(handler: any HTTPHandler) {
        self.handler = handler
    }

    package func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
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
