import BookingHTTPServer
import Foundation
import Testing

@testable import BookingSandbox

/// The `/v1` API answers only under a loopback `Host` or the listener's
/// own address, as the pages do (issue 36, item 1): a web page whose name
/// was made to resolve to 127.0.0.1 (DNS rebinding) reaches the sandbox
/// with its own name as the `Host`, and must not switch payment methods
/// off, read a ledger or pay. In-process calls with no `Host`, loopback
/// names with or without a port, and a gateway's `Host: 127.0.0.1:<port>`
/// are served.
@Suite struct HostTests {
    private static let switchCardOff = #"{"kind":"card","enabled":false}"#

    @Test(arguments: ["rebound.example", "rebound.example:80", "127.0.0.1.rebound.example", "10.0.0.7:8080"])
    func aForeignHostIsMisdirectedAndChangesNothing(host: String) async throws {
        try await withSandbox(.inProcess) { sandbox in
            let switched = try await sandbox.send(
                "POST", "/v1/sandbox/payment-methods", json: Self.switchCardOff, headers: ["Host": host])
            #expect(switched.status == 421)
            #expect(switched.errorCode == "MISDIRECTED_REQUEST")
            let methods = try await sandbox.send("GET", "/v1/payment-methods").json
            #expect(methods["methods"].items.allSatisfy { $0["enabled"] == .bool(true) }, "\(methods)")

            let offers = try await sandbox.send(
                "GET", "/v1/offers?placeId=plc_lisbon&checkIn=2026-11-03&checkOut=2026-11-06&guests=2",
                headers: ["Host": host])
            #expect(offers.status == 421)
            #expect(try await sandbox.send("GET", "/v1/sandbox/ledger", headers: ["Host": host]).status == 421)
        }
    }

    @Test(arguments: [nil, "127.0.0.1", "127.0.0.1:8080", "localhost:9", "LOCALHOST", "[::1]:8080"])
    func loopbackHostsAndNoHostAreServed(host: String?) async throws {
        try await withSandbox(.inProcess) { sandbox in
            let headers = host.map { ["Host": $0] } ?? [:]
            let switched = try await sandbox.send(
                "POST", "/v1/sandbox/payment-methods", json: Self.switchCardOff, headers: headers)
            #expect(switched.status == 200)
            #expect(switched.json["origin"].stringValue == "http://" + (host?.lowercased() ?? "127.0.0.1"))
        }
    }

    @Test func overASocketAForeignHostIsMisdirectedAndTheListenersOwnIsServed() async throws {
        try await withSandbox(.loopback) { sandbox in
            let port = try #require(sandbox.server?.port)
            let request = "GET /v1/places/suggest?q=lon HTTP/1.1\r\n\(RawHTTPTests.auth)Connection: close\r\n"
            let foreign = try await RawHTTPTests.exchange(port, request + "Host: rebound.example:\(port)\r\n\r\n")
            #expect(foreign.text.hasPrefix("HTTP/1.1 421 Misdirected Request\r\n"), "\(foreign.text)")
            #expect(!foreign.text.contains("plc_london"))
            let own = try await RawHTTPTests.exchange(port, request + "Host: 127.0.0.1:\(port)\r\n\r\n")
            #expect(own.text.hasPrefix("HTTP/1.1 200 OK\r\n"), "\(own.text)")
            #expect(own.text.contains("plc_london"))
        }
    }

    /// A listener configured on another address (`allowNonLoopback`, or a
    /// second loopback address) is reached under that address too.
    @Test func theListenersConfiguredAddressIsAllowed() async throws {
        try await withSandbox(.inProcess) { sandbox in
            sandbox.handler.listenHost.withLock { $0 = "127.0.0.2" }
            let own = try await sandbox.send("GET", "/v1/sandbox/ledger", headers: ["Host": "127.0.0.2:8080"])
            #expect(own.status == 200)
            let other = try await sandbox.send("GET", "/v1/sandbox/ledger", headers: ["Host": "127.0.0.3:8080"])
            #expect(other.status == 421)
        }
        #expect(SandboxOrigin.isAllowed("[fe80::1]:80", listenHost: "fe80::1"))
        #expect(!SandboxOrigin.isAllowed("evil.example", listenHost: "0.0.0.0"))
        #expect(!SandboxOrigin.isAllowed("127.0.0.2.evil.example", listenHost: "127.0.0.2"))
    }
}
