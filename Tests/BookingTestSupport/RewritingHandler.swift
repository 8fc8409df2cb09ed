import BookingHTTPServer
import BookingPrimitives
import Foundation

/// An HTTP handler in front of another (the sandbox's) that rewrites chosen
/// answers: a server that answers something other than what was asked.
/// Served by an `HTTPListener` on loopback, real clients speak real HTTP to it.
package final class RewritingHandler: HTTPHandler, @unchecked Sendable {
    /// Rewrites one answer; gets the request and the inner handler's answer.
    package typealias Rewrite = @Sendable (HTTPRequest, HTTPResponse) -> HTTPResponse

    private let inner: any HTTPHandler
    private let rewrite: Rewrite
    private let requests = Locked<[String]>([])

    /// A front to `inner` rewriting with `rewrite`.
    package init(inner: any HTTPHandler, rewrite: @escaping Rewrite) {
        self.inner = inner
        self.rewrite = rewrite
    }

    /// Every request that reached the front, as `METHOD target`.
    package var seen: [String] {
        requests.withLock { $0 }
    }

    package func handle(_ request: HTTPRequest) async -> HTTPResponse {
        requests.withLock { $0.append("\(request.method) \(request.target)") }
        return rewrite(request, await inner.handle(request))
    }

    /// The JSON body of `response` changed by `change` (unchanged when it
    /// is not a JSON object).
    package static func rewritingJSON(_ response: HTTPResponse, _ change: (inout [String: Any]) -> Void)
        -> HTTPResponse
    {
        guard var object = (try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any] else {
            return response
        }
        change(&object)
        guard let body = try? JSONSerialization.data(withJSONObject: object) else { return response }
        var rewritten = response
        rewritten.body = body
        rewritten.headers["Content-Length"] = nil
        return rewritten
    }
}
