import BookingCore
import Testing

/// `https://example.com/bookings/<id>/3ds-return`: the bank page's way back,
/// routed by booking id only (the page's result is never read from it).
@Suite struct ChallengeReturnLinkTests {
    static let parser = DeepLinkParser(host: "example.com")

    @Test func aReturnLinkRoutesByBookingID() throws {
        #expect(
            try Self.parser.parse("https://example.com/bookings/bk_0123456789abcdef/3ds-return")
                == .challengeReturned(BookingID("bk_0123456789abcdef")))
        #expect(
            try Self.parser.parse("HTTPS://Example.com/bookings/A-9/3ds-return") == .challengeReturned(BookingID("A-9"))
        )
    }

    @Test(arguments: [
        ("https://example.com/bookings//3ds-return", DeepLinkRejection.emptyID),
        ("https://example.com/bookings/bk<script>/3ds-return", .invalidIDCharacter),
        ("https://example.com/bookings/bk.1/3ds-return", .invalidIDCharacter),
        ("https://example.com/bookings/\(String(repeating: "a", count: 65))/3ds-return", .idTooLong),
        ("https://example.com/bookings/../3ds-return", .dotSegment),
        ("https://example.com/bookings/bk_1/3ds-return?result=pass", .query),
        ("https://example.com/bookings/bk_1/3ds-return#pass", .fragment),
        ("https://example.com/bookings/bk_1/3DS-return", .unknownPath),
        ("https://example.com/bookings/bk_1/3ds-return/", .unknownPath),
        ("https://example.com/bookings/bk_1", .unknownPath),
        ("https://evil.com/bookings/bk_1/3ds-return", .hostMismatch),
        ("bookingkit://example.com/bookings/bk_1/3ds-return", .unsupportedScheme),
    ])
    func malformedReturnLinksAreRejected(link: String, rejection: DeepLinkRejection) {
        #expect(throws: rejection) { try Self.parser.parse(link) }
    }
}
