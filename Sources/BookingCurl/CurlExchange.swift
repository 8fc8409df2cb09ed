import BookingAPI
import BookingPrimitives
import CBookingCurl
import Foundation

/// One request on an easy handle driven by a multi handle of its own
/// (`CurlHandles`), on the thread that calls `perform()`, so that `cancel()`
/// from any thread wakes it at once.
///
/// Everything but the cancel flag is touched only by the performing thread
/// (the callbacks run inside `curl_multi_perform`).
final class CurlExchange: @unchecked Sendable {
    private let request: TransportRequest
    private let trust: CurlTrust
    /// The handles, which outlive the exchange (a late `cancel()` only wakes
    /// their next exchange, which finds itself not cancelled and goes on).
    let handles: CurlHandles
    private var easy: UnsafeMutableRawPointer { handles.easy }
    private var multi: UnsafeMutableRawPointer { handles.multi }
    private var errorText: UnsafeMutablePointer<CChar> { handles.errorText }
    private let cancelled = Locked(false)
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private var status = 0
    private var headers: [String: String] = [:]
    private var body = Data()
    private var isOverLimit = false
    /// How much of the body libcurl has taken.
    private var uploaded = 0
    /// Whether the connection was ended before the request because the
    /// server's certificate has no subjectAltName.
    private var refusedWithoutSubjectAltName = false

    /// A new exchange for `request` on `handles` (reset), trusting what
    /// `trust` names; nothing is sent before `perform()`.
    init(_ request: TransportRequest, on handles: CurlHandles, trust: CurlTrust) {
        self.request = request
        self.handles = handles
        self.trust = trust
    }

    deinit {
        bk_curl_slist_free_all(headerList)
    }

    /// Ends the exchange as soon as the performing thread wakes, which
    /// this makes it do.
    func cancel() {
        cancelled.withLock { $0 = true }
        _ = bk_curl_multi_wakeup(multi)
    }

    /// Sends the request and reads its answer, blocking the calling thread
    /// until the answer is whole, the body passes its cap, the timeout
    /// passes, or `cancel()` is called.
    func perform() -> Result<TransportResponse, TransportError> {
        guard configure() else {
            return .failure(TransportError(.cannotConnect, "libcurl refused the request's options"))
        }
        guard bk_curl_multi_add_handle(multi, easy) == CURLM_OK else {
            return .failure(TransportError(.cannotConnect, "libcurl refused the request"))
        }
        defer { bk_curl_multi_remove_handle(multi, easy) }
        var running: Int32 = 1
        while running > 0 {
            if cancelled.withLock({ $0 }) { return .failure(TransportError(.connectionLost, "cancelled")) }
            guard bk_curl_multi_perform(multi, &running) == CURLM_OK else {
                return .failure(TransportError(.connectionLost, "libcurl failed mid-exchange"))
            }
            if running > 0 { _ = bk_curl_multi_poll(multi, 1_000) }
        }
        let code = finishedCode()
        if isOverLimit || code == CURLE_OK {
            var answered = 0
            if bk_curl_get_long(easy, CURLINFO_RESPONSE_CODE, &answered) == CURLE_OK, answered > 0 {
                status = answered
            }
            return .success(TransportResponse(status: status, headers: headers, body: body, isOverLimit: isOverLimit))
        }
        let host = request.url.host ?? "the server"
        if code == CURLE_ABORTED_BY_CALLBACK && refusedWithoutSubjectAltName {
            return .failure(
                TransportError(
                    .tlsFailure,
                    "the server's certificate is not trusted for \(host): it names its host only in its subject (CN), "
                        + "with no subjectAltName"))
        }
        let detail = errorText.pointee == 0 ? String(cString: bk_curl_easy_strerror(code)) : String(cString: errorText)
        return .failure(TransportError(curlCode: code, detail: detail, host: host))
    }

    /// The transfer's result, from the multi handle's done message.
    private func finishedCode() -> CURLcode {
        var left: Int32 = 0
        while let message = bk_curl_multi_info_read(multi, &left) {
            if message.pointee.msg == CURLMSG_DONE { return message.pointee.data.result }
        }
        return CURLE_RECV_ERROR
    }

    /// Sets every option; false when libcurl refused one.
    private func configure() -> Bool {
        let context = Unmanaged.passUnretained(self).toOpaque()
        var codes = [
            string(CURLOPT_URL, request.url.absoluteString),
            bk_curl_allow_only_http(easy),
            bk_curl_set_long(easy, CURLOPT_NOSIGNAL, 1),
            // "" is no proxy, not even one the environment names (`http_proxy`,
            // `ALL_PROXY`, ...): a request goes where its URL says.
            string(CURLOPT_PROXY, ""),
            bk_curl_set_long(easy, CURLOPT_SSLVERSION, CURL_SSLVERSION_TLSv1_2),
            bk_curl_set_long(easy, CURLOPT_FOLLOWLOCATION, 0),
            bk_curl_set_long(easy, CURLOPT_TIMEOUT_MS, Self.milliseconds(request.timeout)),
            bk_curl_set_pointer(easy, CURLOPT_ERRORBUFFER, errorText),
            bk_curl_set_data_function(easy, CURLOPT_WRITEFUNCTION, Self.onBody),
            bk_curl_set_pointer(easy, CURLOPT_WRITEDATA, context),
            bk_curl_set_data_function(easy, CURLOPT_HEADERFUNCTION, Self.onHeader),
            bk_curl_set_pointer(easy, CURLOPT_HEADERDATA, context),
        ]
        if request.url.scheme?.lowercased() == "https" { codes += subjectAltNameCheck(context) }
        if let file = trust.file { codes.append(string(CURLOPT_CAINFO, file)) }
        if let directory = trust.directory { codes.append(string(CURLOPT_CAPATH, directory)) }
        codes += method()
        // No `Expect: 100-continue` round trip before a larger body.
        for line in request.headers.map({ "\($0.key): \($0.value)" }) + ["Expect:"] {
            headerList = bk_curl_slist_append(headerList, line)
        }
        codes.append(bk_curl_set_pointer(easy, CURLOPT_HTTPHEADER, headerList))
        return codes.allSatisfy { $0 == CURLE_OK }
    }

    /// The method and the body.
    ///
    /// libcurl re-sends a request whose reused connection closed without an
    /// answer, rewinding its body. A body is handed over through a read
    /// callback with no seek callback, so that rewind fails
    /// (`CURLE_SEND_FAIL_REWIND`): the request is reported lost, never sent
    /// twice. A request with no body has nothing to rewind, so one that is
    /// not a `GET` goes on a connection of its own, which has nothing to
    /// re-send on. A `GET` may be sent again: reading twice changes nothing.
    private func method() -> [CURLcode] {
        var codes: [CURLcode] = []
        let body = request.body ?? Data()
        switch request.method {
        case "GET": codes.append(bk_curl_set_long(easy, CURLOPT_HTTPGET, 1))
        case "HEAD": codes.append(bk_curl_set_long(easy, CURLOPT_NOBODY, 1))
        case "POST": codes.append(bk_curl_set_long(easy, CURLOPT_POST, 1))
        default:
            codes.append(string(CURLOPT_CUSTOMREQUEST, request.method))
            if !body.isEmpty { codes.append(bk_curl_set_long(easy, CURLOPT_POST, 1)) }
        }
        if request.method != "GET" && request.method != "HEAD" {
            codes.append(bk_curl_set_offset(easy, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count)))
            codes.append(bk_curl_set_data_function(easy, CURLOPT_READFUNCTION, Self.onUpload))
            codes.append(bk_curl_set_pointer(easy, CURLOPT_READDATA, Unmanaged.passUnretained(self).toOpaque()))
            if body.isEmpty {
                codes.append(bk_curl_set_long(easy, CURLOPT_FRESH_CONNECT, 1))
                codes.append(bk_curl_set_long(easy, CURLOPT_FORBID_REUSE, 1))
            }
        }
        return codes
    }

    /// A certificate must name its host in a subjectAltName: libcurl still
    /// matches the subject's CN when a certificate has none, which browsers
    /// refuse. Checked once the handshake is done and before the request is
    /// sent (`CURLOPT_PREREQFUNCTION`, from libcurl 7.80 on; an older
    /// libcurl goes without the check), on libcurl's reading of the
    /// certificate (`CURLOPT_CERTINFO`).
    private func subjectAltNameCheck(_ context: UnsafeMutableRawPointer) -> [CURLcode] {
        let hook = bk_curl_set_prereq_function(easy, Self.onConnected)
        guard hook != CURLE_UNKNOWN_OPTION else { return [] }
        return [
            hook, bk_curl_set_pointer(easy, CURLOPT_PREREQDATA, context), bk_curl_set_long(easy, CURLOPT_CERTINFO, 1),
        ]
    }

    /// Whether the server's own certificate, as libcurl read it for this
    /// transfer, has no subjectAltName. False when libcurl read none (a
    /// connection kept from an earlier exchange, checked when it was made).
    private func certificateLacksSubjectAltName() -> Bool {
        var info: UnsafeMutablePointer<curl_certinfo>?
        guard bk_curl_get_certinfo(easy, &info) == CURLE_OK, let info, info.pointee.num_of_certs > 0,
            let certificates = info.pointee.certinfo
        else { return false }
        var line = certificates[0]
        while let entry = line {
            if let text = entry.pointee.data, String(cString: text).hasPrefix("X509v3 Subject Alternative Name:") {
                return false
            }
            line = entry.pointee.next
        }
        return true
    }

    private func string(_ option: CURLoption, _ value: String) -> CURLcode {
        value.withCString { bk_curl_set_pointer(easy, option, $0) }
    }

    private static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return max(1, Int(seconds) * 1_000 + Int(attoseconds / 1_000_000_000_000_000))
    }

    /// One line of the answer's head: a status line starts a new head (an
    /// interim `100 Continue` comes before the real one), the empty line
    /// ends it. False ends the exchange: the announced length is over the cap.
    private func header(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let line = Self.trimmed(bytes[...])
        if line.starts(with: "HTTP/".utf8) {
            headers = [:]
            let code = line.split(separator: UInt8(ascii: " "), maxSplits: 2).dropFirst().first
            status = code.flatMap { Int(String(decoding: $0, as: UTF8.self)) } ?? 0
            return true
        }
        guard !line.isEmpty else {
            if status >= 200, let cap = request.maximumBodyBytes,
                let length = headers["content-length"].flatMap({ Int($0) }), length > cap
            {
                isOverLimit = true
                return false
            }
            return true
        }
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return true }
        let name = String(decoding: Self.trimmed(line[..<colon]), as: UTF8.self).lowercased()
        let value = String(decoding: Self.trimmed(line[(colon + 1)...]), as: UTF8.self)
        headers[name] = headers[name].map { "\($0), \(value)" } ?? value
        return true
    }

    /// `bytes` without the spaces, tabs and line ends around them.
    private static func trimmed(_ bytes: Slice<UnsafeRawBufferPointer>) -> Slice<UnsafeRawBufferPointer> {
        let blank: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x0A }
        guard let first = bytes.firstIndex(where: { !blank($0) }), let last = bytes.lastIndex(where: { !blank($0) })
        else { return bytes[bytes.startIndex..<bytes.startIndex] }
        return bytes[first...last]
    }

    /// A piece of the body; false ends the exchange one byte past the cap.
    private func receive(_ bytes: UnsafeRawBufferPointer) -> Bool {
        if let cap = request.maximumBodyBytes, body.count + bytes.count > cap {
            body.append(contentsOf: bytes.prefix(cap + 1 - body.count))
            isOverLimit = true
            return false
        }
        body.append(contentsOf: bytes)
        return true
    }

    /// The next piece of the body, copied into libcurl's buffer.
    private func upload(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        guard let body = request.body, uploaded < body.count else { return 0 }
        let count = min(buffer.count, body.count - uploaded)
        let start = body.startIndex + uploaded
        body.copyBytes(to: buffer, from: start..<(start + count))
        uploaded += count
        return count
    }

    /// Once connected, before the request leaves: a certificate with no
    /// subjectAltName ends the exchange.
    private static let onConnected: bk_curl_prereq_function = { context, _, _, _, _ in
        guard let context else { return CURL_PREREQFUNC_ABORT }
        let exchange = Unmanaged<CurlExchange>.fromOpaque(context).takeUnretainedValue()
        guard exchange.certificateLacksSubjectAltName() else { return CURL_PREREQFUNC_OK }
        exchange.refusedWithoutSubjectAltName = true
        return CURL_PREREQFUNC_ABORT
    }

    private static let onUpload: bk_curl_data_function = { buffer, size, count, context in
        guard let context, let buffer else { return Int(CURL_READFUNC_ABORT) }
        let exchange = Unmanaged<CurlExchange>.fromOpaque(context).takeUnretainedValue()
        return exchange.upload(into: UnsafeMutableRawBufferPointer(start: buffer, count: size * count))
    }

    private static let onHeader: bk_curl_data_function = { bytes, size, count, context in
        let total = size * count
        guard let context else { return 0 }
        let exchange = Unmanaged<CurlExchange>.fromOpaque(context).takeUnretainedValue()
        return exchange.header(UnsafeRawBufferPointer(start: bytes, count: total)) ? total : 0
    }

    private static let onBody: bk_curl_data_function = { bytes, size, count, context in
        let total = size * count
        guard let context else { return 0 }
        let exchange = Unmanaged<CurlExchange>.fromOpaque(context).takeUnretainedValue()
        return exchange.receive(UnsafeRawBufferPointer(start: bytes, count: total)) ? total : 0
    }
}
