/// Parses `https://<configured host>/trips/<id>` and the 3-D Secure return
/// link `https://<configured host>/bookings/<id>/3ds-return` strictly into a route, and
/// rejects everything else with a typed reason (Apple calls universal links
/// a possible attack path and says to discard malformed URLs).
///
/// Hand-written over bytes on purpose: general URL parsers repair and
/// normalise (dot segments, backslashes, percent-decoding, IDNA), which is
/// what an attacker relies on. Scheme and host compare case-insensitively
/// (RFC 3986); the path is case-sensitive.
package struct DeepLinkParser: Hashable, Sendable {
    /// The only host accepted, lowercased.
    package let host: String
    /// The longest link accepted, in bytes.
    package let maximumLength: Int
    /// The longest trip id accepted.
    package let maximumIDLength: Int

    /// A parser for links to `host` (for example `example.com`).
    package init(host: String, maximumLength: Int = 512, maximumIDLength: Int = 64) {
        self.host = String(host.utf8.map { Self.lowercased($0) }.map { Character(Unicode.Scalar($0)) })
        self.maximumLength = maximumLength
        self.maximumIDLength = maximumIDLength
    }

    /// The route for `link`, or the reason it was rejected.
    package func parse(_ link: String) throws(DeepLinkRejection) -> DeepLinkRoute {
        let bytes = Array(link.utf8)
        guard !bytes.isEmpty else { throw .empty }
        guard bytes.count <= maximumLength else { throw .tooLong }
        for byte in bytes {
            if byte >= 0x80 { throw .nonASCII }
            if byte <= 0x20 || byte == 0x7F { throw .controlCharacter }
            if byte == UInt8(ascii: "\\") { throw .backslash }
        }
        if bytes.contains(UInt8(ascii: "%")) { throw .percentEncoding }

        let schemePrefix = Array("https://".utf8)
        guard bytes.count >= schemePrefix.count,
            zip(bytes, schemePrefix).allSatisfy({ Self.lowercased($0) == $1 })
        else { throw .unsupportedScheme }
        var rest = Array(bytes[schemePrefix.count...])

        if let hashIndex = rest.firstIndex(of: UInt8(ascii: "#")) {
            if let queryIndex = rest.firstIndex(of: UInt8(ascii: "?")), queryIndex < hashIndex { throw .query }
            throw .fragment
        }
        if rest.contains(UInt8(ascii: "?")) { throw .query }

        let authorityEnd = rest.firstIndex(of: UInt8(ascii: "/")) ?? rest.count
        let authority = Array(rest[0..<authorityEnd])
        rest = Array(rest[authorityEnd...])
        try checkAuthority(authority)

        let segments = rest.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).dropFirst()
        for segment in segments where segment.elementsEqual(".".utf8) || segment.elementsEqual("..".utf8) {
            throw .dotSegment
        }
        let parts = segments.map { String(decoding: $0, as: UTF8.self) }
        guard rest.first == UInt8(ascii: "/") else { throw .unknownPath }
        if parts.count == 2, parts[0] == "trips" { return .trip(try bookingID(parts[1])) }
        if parts.count == 3, parts[0] == "bookings", parts[2] == "3ds-return" {
            return .challengeReturned(try bookingID(parts[1]))
        }
        throw .unknownPath
    }

    private func bookingID(_ segment: String) throws(DeepLinkRejection) -> BookingID {
        let id = Array(segment.utf8)
        guard !id.isEmpty else { throw .emptyID }
        guard id.count <= maximumIDLength else { throw .idTooLong }
        guard id.allSatisfy(Self.isIDByte) else { throw .invalidIDCharacter }
        return BookingID(segment)
    }

    /// The route for `link`, or `nil`; for callers that only log the reason.
    package func route(_ link: String) -> DeepLinkRoute? { try? parse(link) }

    private func checkAuthority(_ authority: [UInt8]) throws(DeepLinkRejection) {
        if authority.contains(UInt8(ascii: "@")) { throw .userInfo }
        if authority.contains(UInt8(ascii: ":")) { throw .port }
        let lower = String(decoding: authority.map(Self.lowercased), as: UTF8.self)
        if lower.hasSuffix(".") { throw .trailingDotHost }
        if lower.split(separator: ".", omittingEmptySubsequences: false).contains(where: { $0.hasPrefix("xn--") }) {
            throw .punycodeHost
        }
        guard lower == host, !lower.isEmpty else { throw .hostMismatch }
    }

    private static func isIDByte(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (0x41...0x5A).contains(byte) ? byte + 0x20 : byte
    }
}
