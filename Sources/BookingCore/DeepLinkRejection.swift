/// Why a deep link was discarded. Every malformed link is rejected with one
/// of these; nothing is guessed or repaired.
package enum DeepLinkRejection: Error, Hashable, Sendable {
    /// Nothing to parse.
    case empty
    /// Longer than the parser's limit.
    case tooLong
    /// A character outside printable ASCII (look-alike letters, punycode
    /// decoded, spaces, emoji).
    case nonASCII
    /// A control character, NUL included, or a space.
    case controlCharacter
    /// A backslash (some parsers read it as `/`).
    case backslash
    /// Not `https://`.
    case unsupportedScheme
    /// A user-info part (`example.com@evil.com`).
    case userInfo
    /// An explicit port.
    case port
    /// A host with a trailing dot (`example.com.`).
    case trailingDotHost
    /// A punycode (`xn--`) label.
    case punycodeHost
    /// Any other host than the configured one (`example.com.evil.com`).
    case hostMismatch
    /// Percent-encoding anywhere (encoded slashes, dots or NUL); links never need it.
    case percentEncoding
    /// A `.` or `..` path segment.
    case dotSegment
    /// A path other than `/trips/<id>` or `/bookings/<id>/3ds-return` (wrong
    /// prefix, extra or empty segments).
    case unknownPath
    /// An empty id.
    case emptyID
    /// An id longer than the limit.
    case idTooLong
    /// An id with characters other than letters, digits, `-` and `_`.
    case invalidIDCharacter
    /// A query string: links never carry state.
    case query
    /// A fragment: links never carry state.
    case fragment
}
