/// An HTTP/1.x protocol version as received in a request line.
public struct HTTPVersion: Sendable, Hashable, CustomStringConvertible {
    /// The major version (always 1 for a request the parser accepts).
    public var major: Int
    /// The minor version.
    public var minor: Int

    /// Creates a version.
    public init(major: Int, minor: Int) {
        self.major = major
        self.minor = minor
    }

    /// HTTP/1.0 (named as the protocol writes it).
    // swift-format-ignore: AlwaysUseLowerCamelCase
    public static let http1_0 = HTTPVersion(major: 1, minor: 0)
    /// HTTP/1.1 (named as the protocol writes it).
    // swift-format-ignore: AlwaysUseLowerCamelCase
    public static let http1_1 = HTTPVersion(major: 1, minor: 1)

    /// `HTTP/1.1` style.
    public var description: String { "HTTP/\(major).\(minor)" }
}
