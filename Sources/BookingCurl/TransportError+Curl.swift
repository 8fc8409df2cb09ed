import BookingAPI
import CBookingCurl

extension TransportError {
    /// libcurl's result for a transfer that got no whole answer, in the
    /// outcome policy's terms: could the request have reached the server?
    ///
    /// Only the failures that come before a byte of the request is sent
    /// (no address, no connection, no TLS session, a URL libcurl refuses)
    /// are "certainly not sent"; every other one, a timeout included, may
    /// have arrived, the safe side for money.
    ///
    /// `detail` is libcurl's own message (its error buffer); a TLS failure
    /// says what failed with whom around it (`tlsDetail`), so that "the
    /// secure connection failed" comes with the reason and the `host`, and
    /// a name that did not resolve says "no address for `host`".
    init(curlCode code: CURLcode, detail: String, host: String) {
        switch code {
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
            // Named with the host: a misspelt or unknown server name is not
            // the network being down.
            self.init(.dnsFailure, "no address for \(host): \(detail)")
        case CURLE_COULDNT_CONNECT, CURLE_URL_MALFORMAT:
            self.init(.cannotConnect, detail)
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
            CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH,
            CURLE_SSL_INVALIDCERTSTATUS, CURLE_SSL_CRL_BADFILE, CURLE_SSL_ENGINE_NOTFOUND, CURLE_SSL_ENGINE_SETFAILED,
            CURLE_SSL_ENGINE_INITFAILED, CURLE_USE_SSL_FAILED:
            self.init(.tlsFailure, Self.tlsDetail(code, detail, host: host))
        case CURLE_OPERATION_TIMEDOUT:
            self.init(.timedOut, detail)
        default:
            // Sent and lost, a reply that is not HTTP, an empty reply, a
            // cancelled exchange, ...: the request may have arrived.
            self.init(.connectionLost, detail)
        }
    }

    /// A TLS failure in words: which step failed, for which host, then
    /// libcurl's message ("SSL certificate problem: unable to get local
    /// issuer certificate").
    private static func tlsDetail(_ code: CURLcode, _ detail: String, host: String) -> String {
        switch code {
        case CURLE_PEER_FAILED_VERIFICATION:
            return "the server's certificate is not trusted for \(host): \(detail)"
        case CURLE_SSL_CACERT_BADFILE, CURLE_SSL_CRL_BADFILE:
            return "the trusted certificates could not be read to check \(host): \(detail)"
        case CURLE_SSL_CONNECT_ERROR where detail.contains("protocol version"):
            // The server's alert when it speaks nothing this client accepts.
            return "\(host) offers no TLS 1.2 or later: \(detail)"
        case CURLE_SSL_CONNECT_ERROR:
            return "the TLS handshake with \(host) failed: \(detail)"
        default:
            return "TLS with \(host) failed: \(detail)"
        }
    }
}
