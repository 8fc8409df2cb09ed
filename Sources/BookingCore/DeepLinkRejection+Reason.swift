extension DeepLinkRejection {
    /// Why the link was rejected, in words a person can act on: for a
    /// log, an alert or the command line's error line. `host` is the host
    /// links are expected on.
    ///
    /// ```swift
    /// DeepLinkRejection.hostMismatch.reason(host: "example.com")
    /// // "it is not a link to example.com"
    /// ```
    package func reason(host: String) -> String {
        switch self {
        case .empty: return "it is empty"
        case .tooLong: return "it is too long"
        case .nonASCII: return "it has characters outside printable ASCII"
        case .controlCharacter: return "it has a control character or a space"
        case .backslash: return "it has a backslash"
        case .unsupportedScheme: return "only https:// links are opened"
        case .userInfo: return "it has a user name before the host"
        case .port: return "it names a port"
        case .trailingDotHost: return "its host ends with a dot"
        case .punycodeHost: return "its host is punycode"
        case .hostMismatch: return "it is not a link to \(host)"
        case .percentEncoding: return "it has percent-encoding"
        case .dotSegment: return "its path has a '.' or '..' segment"
        case .unknownPath: return "its path is not /trips/<id> or /bookings/<id>/3ds-return"
        case .emptyID: return "the trip id is empty"
        case .idTooLong: return "the trip id is too long"
        case .invalidIDCharacter: return "the trip id has characters other than letters, digits, '-' and '_'"
        case .query: return "it has a query string"
        case .fragment: return "it has a fragment"
        }
    }
}
