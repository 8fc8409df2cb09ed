/// The HTTP/1.x protocol version a request is served as: the parser
/// accepts major version 1 only and serves a minor version above 1 as
/// HTTP/1.1 (RFC 9110 section 6.2), so these two are all there is.
public enum HTTPVersion: Sendable, Hashable, CustomStringConvertible {
    /// HTTP/1.0 (named as the protocol writes it): closes after each
    /// exchange unless asked to keep alive, and needs no `Host`.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    case http1_0
    /// HTTP/1.1 (named as the protocol writes it).
    // swift-format-ignore: AlwaysUseLowerCamelCase
    case http1_1

    /// `HTTP/1.1` style.
    public var description: String {
        switch self {
        case .http1_0: "HTTP/1.0"
        case .http1_1: "HTTP/1.1"
        }
    }
}
