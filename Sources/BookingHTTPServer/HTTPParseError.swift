/// Why a request could not be parsed, with the status and JSON error code to
/// answer it with. After any of these the listener answers and closes the
/// connection: the byte stream can no longer be trusted to frame requests.
public enum HTTPParseError: Error, Sendable, Equatable, CaseIterable {
    /// The request line is not `method SP target SP HTTP/x.y CRLF` (400).
    case malformedRequestLine
    /// The request line is longer than the limit (414).
    case requestLineTooLong
    /// The version is well formed but not HTTP/1.x (505).
    case versionNotSupported
    /// A header line is malformed: no colon, whitespace before the colon, an
    /// obsolete line fold, a control character, a bare CR or LF (400).
    case malformedHeader
    /// An HTTP/1.1 request without exactly one `Host` field (400).
    case invalidHost
    /// The header section is larger than the limit (431).
    case headersTooLarge
    /// `Content-Length` is not a plain decimal number, or appears twice with
    /// different values (400).
    case invalidContentLength
    /// `Content-Length` is larger than the body limit (413).
    case bodyTooLarge
    /// The request has a `Transfer-Encoding` field. Only `Content-Length`
    /// bodies are supported; RFC 9112 section 6.1 asks for 501 when a transfer
    /// coding is not understood, so chunked requests get 501, not 411.
    case transferEncodingNotSupported

    /// The status code to answer with.
    public var status: Int {
        switch self {
        case .malformedRequestLine, .malformedHeader, .invalidHost, .invalidContentLength: 400
        case .requestLineTooLong: 414
        case .versionNotSupported: 505
        case .headersTooLarge: 431
        case .bodyTooLarge: 413
        case .transferEncodingNotSupported: 501
        }
    }

    /// The machine code of the JSON error body.
    public var code: String {
        switch self {
        case .malformedRequestLine, .malformedHeader, .invalidHost, .invalidContentLength: "BAD_REQUEST"
        case .requestLineTooLong: "URI_TOO_LONG"
        case .versionNotSupported: "HTTP_VERSION_NOT_SUPPORTED"
        case .headersTooLarge: "HEADERS_TOO_LARGE"
        case .bodyTooLarge: "PAYLOAD_TOO_LARGE"
        case .transferEncodingNotSupported: "NOT_IMPLEMENTED"
        }
    }

    /// A human-readable message for the JSON error body.
    public var message: String {
        switch self {
        case .malformedRequestLine: "Malformed request line."
        case .requestLineTooLong: "The request line is too long."
        case .versionNotSupported: "Only HTTP/1.0 and HTTP/1.1 are supported."
        case .malformedHeader: "Malformed header field."
        case .invalidHost: "An HTTP/1.1 request needs exactly one Host header field."
        case .headersTooLarge: "The header section is too large."
        case .invalidContentLength: "Invalid Content-Length."
        case .bodyTooLarge: "The request body is too large."
        case .transferEncodingNotSupported:
            "Transfer-Encoding is not supported; send the body with Content-Length."
        }
    }

    /// The JSON error response for this error.
    public var response: HTTPResponse {
        HTTPResponse.jsonError(status: status, code: code, message: message)
    }
}
