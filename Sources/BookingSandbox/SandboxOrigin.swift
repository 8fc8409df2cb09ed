import BookingHTTPServer

/// The sandbox's own origin (`http://127.0.0.1:<port>`), learned from the
/// request's authority: an absolute-form target's, else its `Host` header.
/// Only loopback names and the address the listener was configured with
/// are accepted, as the sandbox only listens there: neither a page nor the
/// `/v1` API is ever served under another name (DNS rebinding: a web page
/// whose name was made to resolve to 127.0.0.1 reaches the sandbox with
/// its own name as the `Host`), and a URL it prints always points back at
/// itself.
struct SandboxOrigin: Equatable, Sendable {
    /// `http://<host>[:<port>]`.
    let url: String

    /// The origin used when a request has no `Host` (an in-process call).
    static let fallback = SandboxOrigin(url: "http://127.0.0.1")

    private init(url: String) { self.url = url }

    /// The origin of `request`: its authority when that is a loopback name
    /// or `listenHost`, with an optional port; the fallback when it names
    /// none; else `nil`. The authority of an absolute-form target wins over
    /// `Host`, which a server then ignores (RFC 9112, section 3.2.2).
    init?(_ request: HTTPRequest, listenHost: String? = nil) {
        guard let host = request.absoluteFormAuthority ?? request.headers["Host"] else {
            self = .fallback
            return
        }
        guard Self.isAllowed(host, listenHost: listenHost) else { return nil }
        self.url = "http://" + host.lowercased()
    }

    /// Whether `host` is `127.0.0.1`, `localhost` or `[::1]`, with an optional port.
    static func isLoopback(_ host: String) -> Bool { isAllowed(host, listenHost: nil) }

    /// Whether `host` is a loopback name or `listenHost` (a numeric address
    /// the listener was configured with; not a wildcard such as `0.0.0.0`,
    /// under which any name could arrive), with an optional port.
    static func isAllowed(_ host: String, listenHost: String?) -> Bool {
        let lower = host.lowercased()
        for name in ["127.0.0.1", "localhost", "[::1]"] + extraName(listenHost) where lower.hasPrefix(name) {
            let rest = lower.dropFirst(name.count)
            if rest.isEmpty { return true }
            guard rest.first == ":" else { continue }
            let port = rest.dropFirst()
            return (1...5).contains(port.count) && port.allSatisfy(\.isASCII) && port.allSatisfy(\.isNumber)
                && (Int(port) ?? 0) <= 65_535
        }
        return false
    }

    /// `listenHost` as a `Host` names it (an IPv6 address in brackets), or
    /// nothing for none or a wildcard.
    private static func extraName(_ listenHost: String?) -> [String] {
        guard let host = listenHost?.lowercased(), !host.isEmpty,
            !["0.0.0.0", "::", "[::]"].contains(host)
        else { return [] }
        return [host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host]
    }
}
