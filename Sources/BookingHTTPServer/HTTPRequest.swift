import Foundation

/// One parsed HTTP/1.1 request, as a handler sees it (over the socket
/// listener or called in-process).
public struct HTTPRequest: Sendable, Equatable {
    /// The method token, e.g. `GET`.
    public var method: String
    /// The raw request target, e.g. `/v1/offers?placeId=lis&cursor=abc`.
    public var target: String
    /// The header fields.
    public var headers: HTTPHeaders
    /// The body (empty when there is none).
    public var body: Data
    /// The authority (`host[:port]`) of an absolute-form target
    /// (`GET http://host:port/path`), which names the host asked for in
    /// place of `Host` (RFC 9112 section 3.2.2); nil for an origin-form
    /// target. `target` is its path and query either way.
    public var absoluteFormAuthority: String?

    /// Creates a request.
    public init(
        method: String, target: String, headers: HTTPHeaders = [:], body: Data = Data(),
        absoluteFormAuthority: String? = nil
    ) {
        self.method = method
        self.target = target
        self.headers = headers
        self.body = body
        self.absoluteFormAuthority = absoluteFormAuthority
    }

    /// The target up to the `?`, not percent-decoded.
    public var path: Substring {
        target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0]
    }

    /// The query's name/value pairs, percent-decoded (`+` stays `+`), in
    /// order. `nil` when an item is not valid percent-encoding.
    public var queryItems: [(name: String, value: String)]? {
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { return [] }
        var items: [(name: String, value: String)] = []
        for pair in parts[1].split(separator: "&", omittingEmptySubsequences: true) {
            let nameValue = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = String(nameValue[0]).removingPercentEncoding,
                let value = (nameValue.count == 2 ? String(nameValue[1]) : "").removingPercentEncoding
            else { return nil }
            items.append((name: name, value: value))
        }
        return items
    }

    public static func == (lhs: HTTPRequest, rhs: HTTPRequest) -> Bool {
        lhs.method == rhs.method && lhs.target == rhs.target && lhs.headers == rhs.headers
            && lhs.body == rhs.body && lhs.absoluteFormAuthority == rhs.absoluteFormAuthority
    }
}
