import BookingHTTPServer

/// What the sandbox's socket refuses before its handler sees a request:
/// what a client that means the sandbox never sends, and what a proxy or
/// a smuggling front would. The handler called in-process is not behind it.
///
/// - no `Host` (an HTTP/1.0 request; HTTP/1.1 needs one, which the parser
///   checks): 400, the server would not know which name it was asked by;
/// - an absolute-form target naming a host that is not loopback nor the
///   listener's address (`GET http://bank.example/v1/...`): 421, the
///   sandbox is not that host and is no proxy (a `Host` naming another
///   host is refused by the handler itself, in-process too);
/// - `Origin`, `Authorization` or `Idempotency-Key` more than once: 400,
///   since which one counts is not for the server to guess.
struct RequestScreen: HTTPHandler {
    /// The sandbox's handler, for every request that passes.
    let inner: SandboxHandler

    /// The fields that must appear at most once.
    static let singleFields = ["Origin", "Authorization", "Idempotency-Key"]

    func handle(_ request: HTTPRequest) async -> HTTPResponse {
        if let refusal = Self.refusal(of: request, listenHost: inner.listenHost.withLock { $0 }) { return refusal }
        return await inner.handle(request)
    }

    /// The answer refusing `request`, or nil when it may be handled.
    static func refusal(of request: HTTPRequest, listenHost: String? = nil) -> HTTPResponse? {
        guard request.headers["Host"] != nil else {
            return .jsonError(
                status: 400, code: "BAD_REQUEST", message: "A request needs a Host header, HTTP/1.0 too.")
        }
        if let authority = request.absoluteFormAuthority, !SandboxOrigin.isAllowed(authority, listenHost: listenHost) {
            return .jsonError(
                status: 421, code: "MISDIRECTED_REQUEST",
                message: "This is the sandbox on 127.0.0.1 or localhost, not \(authority); it is no proxy.")
        }
        for name in singleFields {
            let count = request.headers.reduce(0) { $0 + ($1.name.lowercased() == name.lowercased() ? 1 : 0) }
            if count > 1 {
                return .jsonError(
                    status: 400, code: "DUPLICATE_HEADER",
                    message: "\(name) may appear only once; it came \(count) times.")
            }
        }
        return nil
    }
}
