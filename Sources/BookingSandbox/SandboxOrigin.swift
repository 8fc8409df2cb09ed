import HTTPServer

/// The sandbox's own origin (`http://127.0.0.1:<port>`), learned from the
/// request's `Host` header. Only loopback hosts are accepted, as the
/// sandbox only listens there: a page is never served under another name
/// (DNS rebinding), and a URL it prints always points back at itself.
struct SandboxOrigin: Equatable, Sendable {
    /// `http://<host>[:<port>]`.
    let url: String

    /// The origin used when a request has no `Host` (an in-process call).
    static let fallback = SandboxOrigin(url: "http://127.0.0.1")

    private init(url: String) { self.url = url }

    /// The origin of `request`: its `Host` when that is a loopback name
    /// with an optional port, the fallback when it has none, else `nil`.
    init?(_ request: HTTPRequest) {
        guard let host = request.headers["Host"] else {
            self = .fallback
            return
        }
        guard Self.isLoopback(host) else { return nil }
        self.url = "http://" + host.lowercased()
    }

    /// Whether `host` is `127.0.0.1`, `localhost` or `[::1]`, with an optional port.
    static func isLoopback(_ host: String) -> Bool {
        let lower = host.lowercased()
        for name in ["127.0.0.1", "localhost", "[::1]"] where lower.hasPrefix(name) {
            let rest = lower.dropFirst(name.count)
            if rest.isEmpty { return true }
            guard rest.first == ":" else { continue }
            let port = rest.dropFirst()
            return (1...5).contains(port.count) && port.allSatisfy(\.isASCII) && port.allSatisfy(\.isNumber)
                && (Int(port) ?? 0) <= 65_535
        }
        return false
    }
}
