import Foundation

/// Real HTTP through `URLSession`.
///
/// Each answer's body is read as it arrives and no further than the
/// request's `maximumBodyBytes` plus one byte (`ResponseReader`), and a
/// cancelled call cancels its exchange.
///
/// No caching, no cookies, no stored credentials, no redirects followed
/// (`RedirectRefusal`: a 3xx comes back as the answer), no automatic retries
/// of its own: every retry is the retry executor's decision, with the same
/// Idempotency-Key. Nothing is written to disk (`Platform.sessionConfiguration`).
///
/// Every POST goes on a connection of its own. On Linux, libcurl re-sends a
/// request whose reused keep-alive connection closed without an answer (and
/// without rewinding the body): for a payment that is a hidden resend, and
/// the lost answer turns into a misleading 408. A fresh connection has
/// nothing to re-send on, so a lost answer is reported as lost at once.
package final class URLSessionTransport: Transport {
    private let session: URLSession

    /// Creates a transport with a session that keeps nothing.
    package init() {
        session = Self.makeSession()
    }

    /// A session whose delegate reads the bodies and refuses every redirect.
    /// A session's delegate, not a task's: FoundationNetworking (Linux) asks
    /// only the session's delegate about redirects.
    private static func makeSession() -> URLSession {
        URLSession(configuration: configuration(), delegate: ResponseReader.shared, delegateQueue: nil)
    }

    private static func configuration() -> URLSessionConfiguration {
        let configuration = Platform.sessionConfiguration()
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.urlCredentialStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.httpMaximumConnectionsPerHost = 32
        return configuration
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    package func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method
        urlRequest.httpBody = request.body
        urlRequest.timeoutInterval = Self.seconds(request.timeout)
        for (name, value) in request.headers {
            urlRequest.setValue(value, forHTTPHeaderField: name)
        }
        let answer: ResponseReader.Answer
        let oneShot = request.method == "GET" ? nil : Self.makeSession()
        defer { oneShot?.finishTasksAndInvalidate() }
        do {
            answer = try await ResponseReader.shared.read(
                urlRequest, cap: request.maximumBodyBytes, on: oneShot ?? session)
        } catch let error as TransportError {
            throw error
        } catch {
            throw Self.classify(error, host: request.url.host ?? "the server")
        }
        var headers: [String: String] = [:]
        for (name, value) in answer.response.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name] = value }
        }
        return TransportResponse(
            status: answer.response.statusCode, headers: headers, body: answer.body, isOverLimit: answer.isOverLimit)
    }

    private static func seconds(_ duration: Duration) -> TimeInterval {
        let (seconds, attoseconds) = duration.components
        return max(0.001, Double(seconds) + Double(attoseconds) / 1e18)
    }

    /// Maps URLSession's errors onto what the policies need to know: did the
    /// request certainly not leave, or may it have been processed? A
    /// refused certificate and a name with no address are said with the
    /// `host`, in the words the libcurl transport uses.
    package static func classify(_ error: any Error, host: String) -> TransportError {
        guard let urlError = error as? URLError else {
            // Unknown: assume it may have arrived (the safe side for money).
            return TransportError(.connectionLost, String(describing: error))
        }
        let detail = urlError.localizedDescription
        switch urlError.code {
        case .timedOut:
            return TransportError(.timedOut, detail)
        case .notConnectedToInternet, .internationalRoamingOff, .dataNotAllowed:
            return TransportError(.notConnected, detail)
        case .cannotFindHost, .dnsLookupFailed:
            return TransportError(.dnsFailure, "no address for \(host): \(detail)")
        case .cannotConnectToHost:
            return TransportError(.cannotConnect, detail)
        case .serverCertificateUntrusted, .serverCertificateHasBadDate, .serverCertificateNotYetValid,
            .serverCertificateHasUnknownRoot:
            return TransportError(.tlsFailure, "the server's certificate is not trusted for \(host): \(detail)")
        case .secureConnectionFailed, .clientCertificateRejected, .appTransportSecurityRequiresSecureConnection:
            return TransportError(.tlsFailure, "the TLS handshake with \(host) failed: \(detail)")
        default:
            // Connection lost, bad response, cancelled mid-flight, ...: the
            // request may have arrived.
            return TransportError(.connectionLost, detail)
        }
    }
}
