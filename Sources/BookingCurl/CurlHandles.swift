import CBookingCurl

/// An easy handle and the multi handle that drives it, kept between
/// exchanges: making them anew (the multi handle's wake-up socket pair, its
/// tables) was a fifth of the transport's cost per request. Reset before
/// each use; no connection outlives its exchange (`CURLOPT_FORBID_REUSE`),
/// so nothing of one request carries into the next but libcurl's DNS cache.
final class CurlHandles: @unchecked Sendable {
    /// The easy handle (`CURL *`).
    let easy: UnsafeMutableRawPointer
    /// The multi handle (`CURLM *`) the easy handle is added to while it runs.
    let multi: UnsafeMutableRawPointer
    /// libcurl's message for the last failure (`CURLOPT_ERRORBUFFER`).
    let errorText = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE))

    /// New handles, or nil when libcurl has none to give. Only once
    /// `CurlTransport.load()` succeeded.
    init?() {
        guard let easy = bk_curl_easy_init() else {
            errorText.deallocate()
            return nil
        }
        guard let multi = bk_curl_multi_init() else {
            bk_curl_easy_cleanup(easy)
            errorText.deallocate()
            return nil
        }
        self.easy = easy
        self.multi = multi
        errorText.initialize(to: 0)
    }

    deinit {
        bk_curl_multi_cleanup(multi)
        bk_curl_easy_cleanup(easy)
        errorText.deallocate()
    }

    /// Back to a fresh handle's options, for the next exchange, which sets
    /// every option it needs again (`CurlExchange.configure()`: no proxy,
    /// TLS 1.2, ...), as on a new handle.
    func reset() {
        bk_curl_easy_reset(easy)
        errorText.pointee = 0
    }
}
