import BookingAPI
import BookingHTTPServer
import Foundation
import Testing

/// Hardening round 3, item 6: `--server http://[::1]:PORT` was accepted as
/// loopback and never connected (0 requests reached a server on `[::1]`);
/// `HTTP://127.0.0.1:18080` and port 99999 were accepted instead of refused.
/// Now the bracketed IPv6 loopback is reached for real where URLSession can
/// reach it, and refused with the reason where it cannot; a scheme is read
/// case-insensitively (RFC 3986 §3.1) and written lower-case, and a port
/// outside 1-65535 is refused.
@Suite struct ServerAddressTests {
    private static let suggestions = #"{"items":[{"placeId":"plc_lisbon","name":"Lisbon","country":"Portugal"}]}"#

    /// Where the platform's URLSession can reach an IPv6 literal (Apple's),
    /// a server listening on `::1` is reached; where it cannot
    /// (FoundationNetworking fails it as a bad URL before sending), the
    /// address is refused with that reason instead of failing later as
    /// "an error on its side".
    @Test func aServerOnIPv6LoopbackIsReachedOrItsAddressRefusedWithTheReason() async throws {
        let server = try? LoopbackServer(host: "::1", name: "[::1]") { _ in
            HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: Data(Self.suggestions.utf8))
        }
        guard let server else {
            let rejection = #expect(throws: ServerAddress.Rejection.self) { try ServerAddress("http://[::1]:8080") }
            #expect(rejection == .ipv6LiteralUnsupported("[::1]"))
            #expect(rejection?.description.contains("http://127.0.0.1") == true)
            return
        }
        let places = try await server.api.suggestPlaces("Lis")
        #expect(places.map(\.placeId) == ["plc_lisbon"])
        #expect(server.requests.map(\.path) == ["/v1/places/suggest"])
        await server.stop()
    }

    @Test func anUpperCaseSchemeIsReadLowerCasedAndReachesTheServer() async throws {
        let server = try LoopbackServer { _ in
            HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: Data(Self.suggestions.utf8))
        }
        let port = try #require(server.address.baseURL.port)
        let upper = try ServerAddress("HTTP://127.0.0.1:\(port)")
        #expect(upper.description == "http://127.0.0.1:\(port)")
        #expect(try ServerAddress("HtTpS://API.Example.com/base/").description == "https://api.example.com/base")
        let api = BookingAPIClient(server: upper, apiKey: "sk_test_t", transport: URLSessionTransport())
        #expect(try await api.suggestPlaces("Lis").count == 1)
        #expect(server.requests.count == 1)
        await server.stop()
    }

    @Test(arguments: ["99999", "65536", "0", "00", "-1", "80a", "18080000000000000000000"])
    func aPortOutsideOneTo65535IsRefused(port: String) {
        #expect(throws: ServerAddress.Rejection.self, "port \(port)") {
            try ServerAddress("http://127.0.0.1:\(port)")
        }
        #expect(throws: ServerAddress.Rejection.self, "port \(port)") {
            try ServerAddress("https://api.example.com:\(port)")
        }
    }

    @Test func theUsualAddressesStayAccepted() throws {
        #expect(try ServerAddress("http://127.0.0.1:65535").baseURL.port == 65535)
        #expect(try ServerAddress("http://localhost:1").baseURL.port == 1)
        #expect(try ServerAddress("https://api.example.com").description == "https://api.example.com")
    }
}
