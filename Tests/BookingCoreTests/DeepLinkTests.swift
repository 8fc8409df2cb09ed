import BookingCore
import Testing

/// `https://example.com/trips/<id>` and every hostile variant.
@Suite struct DeepLinkTests {
    static let parser = DeepLinkParser(host: "example.com")

    @Test(arguments: [
        ("https://example.com/trips/bk_123", "bk_123"),
        ("https://example.com/trips/A-9", "A-9"),
        ("HTTPS://EXAMPLE.COM/trips/x", "x"),
    ])
    func aTripLinkRoutesByID(link: String, id: String) throws {
        #expect(try Self.parser.parse(link) == .trip(BookingID(id)))
    }

    @Test(arguments: [
        ("", DeepLinkRejection.empty),
        ("https://example.com/trips/" + String(repeating: "a", count: 600), .tooLong),
        ("http://example.com/trips/1", .unsupportedScheme),
        ("bookingkit://example.com/trips/1", .unsupportedScheme),
        ("javascript:alert(1)", .unsupportedScheme),
        ("//example.com/trips/1", .unsupportedScheme),
        ("https:/example.com/trips/1", .unsupportedScheme),
        ("https://example.com.evil.com/trips/1", .hostMismatch),
        ("https://evil.com/trips/1", .hostMismatch),
        ("https://wwwexample.com/trips/1", .hostMismatch),
        ("https:///trips/1", .hostMismatch),
        ("https://example.com@evil.com/trips/1", .userInfo),
        ("https://user:pass@example.com/trips/1", .userInfo),
        ("https://example.com./trips/1", .trailingDotHost),
        ("https://xn--exmple-cua.com/trips/1", .punycodeHost),
        ("https://exаmple.com/trips/1", .nonASCII),  // Cyrillic a
        ("https://example.com:443/trips/1", .port),
        ("https://example.com:/trips/1", .port),
        ("https://example.com/trips/../trips/1", .dotSegment),
        ("https://example.com/trips/./1", .dotSegment),
        ("https://example.com/trips/..", .dotSegment),
        ("https://example.com/trips/%2e%2e", .percentEncoding),
        ("https://example.com/trips/%2E%2E/admin", .percentEncoding),
        ("https://example.com/trips/a%2Fb", .percentEncoding),
        ("https://example.com/trips%2F1", .percentEncoding),
        ("https://example.com/trips/1%00", .percentEncoding),
        ("https://example.com/trips/1\u{0}", .controlCharacter),
        ("https://example.com/trips/1\n", .controlCharacter),
        ("https://example.com/trips/ 1", .controlCharacter),
        (" https://example.com/trips/1", .controlCharacter),
        ("https://example.com\\trips\\1", .backslash),
        ("https://example.com/trips/1/extra", .unknownPath),
        ("https://example.com/trips/1/", .unknownPath),
        ("https://example.com/trips", .unknownPath),
        ("https://example.com", .unknownPath),
        ("https://example.com/", .unknownPath),
        ("https://example.com//trips/1", .unknownPath),
        ("https://example.com/Trips/1", .unknownPath),
        ("https://example.com/bookings/1", .unknownPath),
        ("https://example.com/trips/", .emptyID),
        ("https://example.com/trips/" + String(repeating: "a", count: 65), .idTooLong),
        ("https://example.com/trips/1;drop", .invalidIDCharacter),
        ("https://example.com/trips/a.b", .invalidIDCharacter),
        ("https://example.com/trips/é", .nonASCII),
        ("https://example.com/trips/🙂", .nonASCII),
        ("https://example.com/trips/1?status=CONFIRMED", .query),
        ("https://example.com/trips/1?", .query),
        ("https://example.com/trips/1#paid=true", .fragment),
        ("https://example.com/trips/1?a=b#c", .query),
    ])
    func hostileLinksAreRejectedWithAReason(link: String, reason: DeepLinkRejection) {
        #expect(throws: reason) { try Self.parser.parse(link) }
        #expect(Self.parser.route(link) == nil)
    }

    @Test func theConfiguredHostIsCompareCaseInsensitively() throws {
        let parser = DeepLinkParser(host: "Trips.Example.COM")
        #expect(try parser.parse("https://trips.example.com/trips/1") == .trip(BookingID("1")))
    }
}
