import BookingPrimitives
import Foundation

/// Turns an ``HTTPResponse`` into the bytes of an HTTP/1.1 response.
///
/// The serializer owns the framing: it writes the status line with its
/// reason phrase, `Content-Length` (always, except for 1xx, 204 and 304,
/// which have no body), `Connection: keep-alive` or `close`, and `Date`
/// unless the handler set one. Framing fields the handler set
/// (`Content-Length`, `Transfer-Encoding`, `Connection`) are replaced, and
/// fields that cannot be written safely (a name that is not a token, a value
/// with CR, LF or another control character) are dropped, so a handler can
/// never split a response.
public enum HTTPResponseSerializer {
    /// The bytes of `response`.
    /// - Parameters:
    ///   - keepAlive: whether the connection stays open after it.
    ///   - isHeadResponse: the answer to a HEAD request: headers only, with
    ///     the length the body would have had.
    ///   - date: the `Date` field's value; `nil` leaves it out.
    public static func serialize(
        _ response: HTTPResponse,
        keepAlive: Bool,
        isHeadResponse: Bool = false,
        date: Date? = Date()
    ) -> [UInt8] {
        let status = (100...999).contains(response.status) ? response.status : 500
        let hasNoBody = status < 200 || status == 204 || status == 304
        var head = "HTTP/1.1 \(status) \(reasonPhrase(for: status))\r\n"
        var hasDate = false
        for field in response.headers {
            let name = field.name.lowercased()
            if ["content-length", "transfer-encoding", "connection"].contains(name) { continue }
            guard HTTPSyntax.isToken(field.name), HTTPSyntax.isFieldValue(field.value) else { continue }
            if name == "date" { hasDate = true }
            head += "\(field.name): \(field.value)\r\n"
        }
        if !hasDate, let date {
            head += "Date: \(HTTPDate.string(unixSeconds: Int64(date.timeIntervalSince1970.rounded(.down))))\r\n"
        }
        if !hasNoBody { head += "Content-Length: \(response.body.count)\r\n" }
        head += "Connection: \(keepAlive ? "keep-alive" : "close")\r\n\r\n"
        var bytes = Array(head.utf8)
        if !hasNoBody && !isHeadResponse { bytes.append(contentsOf: response.body) }
        return bytes
    }

    /// The interim response that tells a client sending
    /// `Expect: 100-continue` to go on with the body.
    public static let continueResponse = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

    /// The reason phrase of `status` (RFC 9110 section 15), or an empty
    /// string for a code it does not name (allowed by RFC 9112 section 4).
    public static func reasonPhrase(for status: Int) -> String {
        switch status {
        case 100: "Continue"
        case 101: "Switching Protocols"
        case 200: "OK"
        case 201: "Created"
        case 202: "Accepted"
        case 204: "No Content"
        case 206: "Partial Content"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 303: "See Other"
        case 304: "Not Modified"
        case 307: "Temporary Redirect"
        case 308: "Permanent Redirect"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 402: "Payment Required"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 406: "Not Acceptable"
        case 408: "Request Timeout"
        case 409: "Conflict"
        case 410: "Gone"
        case 411: "Length Required"
        case 412: "Precondition Failed"
        case 413: "Content Too Large"
        case 414: "URI Too Long"
        case 415: "Unsupported Media Type"
        case 417: "Expectation Failed"
        case 421: "Misdirected Request"
        case 422: "Unprocessable Content"
        case 425: "Too Early"
        case 428: "Precondition Required"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        case 505: "HTTP Version Not Supported"
        default: ""
        }
    }
}
