import BookingAPI
import BookingPrimitives
import CBookingCurl
import Foundation

/// Real HTTP through libcurl's easy interface: the transport a
/// `BookingClient` uses on Linux when its configuration names none.
///
/// It keeps the promises `URLSessionTransport` keeps, on fewer threads:
/// FoundationNetworking runs on libcurl too, but hops each request between
/// the caller's task, its own curl thread, Dispatch sources and a delegate
/// queue, and opens a connection for every POST. Here each exchange runs
/// on one worker thread from start to end (`CurlWorkers`), and its task is
/// resumed once.
/// - A request is never sent twice behind the caller's back. libcurl
///   re-sends a request whose kept-alive connection closed without an
///   answer; for a payment that is a hidden second attempt. Here a body
///   goes to libcurl through a read callback that cannot rewind, so that
///   re-send fails and the request is reported lost (`.connectionLost`), and
///   a request other than a `GET` with no body goes on a connection of its
///   own. So connections are kept between requests without that risk.
/// - No redirects followed (a 3xx comes back as the answer), no cookies, no
///   cache, no retries of its own, nothing written to disk; only `http` and
///   `https`.
/// - An answer's body is read no further than the request's
///   `maximumBodyBytes` plus one byte, and an announced length over it ends
///   the exchange before any body (`TransportResponse.isOverLimit`).
/// - The request's `timeout` bounds the whole exchange.
/// - A cancelled task ends its exchange at once (`curl_multi_wakeup`).
/// - No proxy: libcurl would send through one that `http_proxy` or
///   `ALL_PROXY` names; here a request goes where its URL says.
/// - TLS 1.2 or later; the certificate authorities trusted are libcurl's,
///   or those `SSL_CERT_FILE` and `SSL_CERT_DIR` name (`CurlTrust`); a
///   certificate that names its host only in its subject's CN (no
///   subjectAltName) is refused, as browsers refuse it. A failed handshake
///   says why, with the host (`TransportError(curlCode:)`).
///
/// Builds with no libcurl header: libcurl is loaded at run time (`load()`,
/// CBookingCurl). A process must not use a transport while `load()` fails; the
/// default transport falls back to URLSession then. It is linked only on
/// Linux, where FoundationNetworking already loads libcurl.
package final class CurlTransport: Transport {
    /// How many idle handle pairs are kept for the next exchanges.
    private static let keptIdle = 4
    private let idle = Locked<[CurlHandles]>([])
    private let trust: CurlTrust

    /// Creates a transport that trusts the certificate authorities
    /// `environment` names (`SSL_CERT_FILE`, `SSL_CERT_DIR`), read now.
    package init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        trust = CurlTrust(environment: environment)
    }

    package func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
        if case .failure(let unavailable) = Self.load() {
            throw TransportError(.cannotConnect, "libcurl cannot be used: \(unavailable.reason)")
        }
        if request.url.scheme?.lowercased() == "https", let problem = trust.problem() {
            throw TransportError(.tlsFailure, problem)
        }
        guard let handles = idle.withLock({ $0.popLast() }) ?? CurlHandles() else {
            throw TransportError(.cannotConnect, "libcurl has no handle")
        }
        let exchange = CurlExchange(request, on: handles, trust: trust)
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation {
                (continuation: CheckedContinuation<Result<TransportResponse, TransportError>, Never>) in
                CurlWorkers.shared.run { continuation.resume(returning: exchange.perform()) }
            }
        } onCancel: {
            exchange.cancel()
        }
        handles.reset()
        idle.withLock { if $0.count < Self.keptIdle { $0.append(handles) } }
        return try result.get()
    }
}
