import BookingAPI
import CCurl

extension TransportError {
    /// libcurl's result for a transfer that got no whole answer, in the
    /// outcome policy's terms: could the request have reached the server?
    ///
    /// Only the failures that come before a byte of the request is sent
    /// (no address, no connection, no TLS session, a URL libcurl refuses)
    /// are "certainly not sent"; every other one, a timeout included, may
    /// have arrived, the safe side for money.
    init(curlCode code: CURLcode, detail: String) {
        switch code {
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
            self.init(.dnsFailure, detail)
        case CURLE_COULDNT_CONNECT, CURLE_URL_MALFORMAT:
            self.init(.cannotConnect, detail)
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
            CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH,
            CURLE_SSL_INVALIDCERTSTATUS, CURLE_SSL_CRL_BADFILE, CURLE_SSL_ENGINE_NOTFOUND, CURLE_SSL_ENGINE_SETFAILED,
            CURLE_SSL_ENGINE_INITFAILED, CURLE_USE_SSL_FAILED:
            self.init(.tlsFailure, detail)
        case CURLE_OPERATION_TIMEDOUT:
            self.init(.timedOut, detail)
        default:
            // Sent and lost, a reply that is not HTTP, an empty reply, a
            // cancelled exchange, ...: the request may have arrived.
            self.init(.connectionLost, detail)
        }
    }
}
