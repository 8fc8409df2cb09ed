import Foundation
import Testing

@testable import BookingSandbox

/// The dashboard at `/`: every account's bookings and holds, the ledger,
/// the stored answers and the faults, with JSON per section; every value
/// escaped; odd paths a 404 page; and the OpenAPI document it links.
@Suite struct DashboardTests {
    private static let hostile = #"<script>alert(1)</script>"'&"#

    @Test func escapingCoversTheFiveSpecialCharacters() {
        #expect(HTML.escape(Self.hostile) == "&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&amp;")
        #expect(HTML.escape("Café 🏨") == "Café 🏨")
    }

    @Test(arguments: Transport.allCases)
    func showsTheBookingItsChargeAndHostileKeysEscaped(transport: Transport) async throws {
        try await withSandbox(transport) { sandbox in
            let booked = try await sandbox.book(token: "tok_visa", key: Self.hostile)
            let id = booked.json["bookingId"].stringValue!
            let page = try await sandbox.send("GET", "/", account: nil)
            #expect(page.status == 200)
            #expect(page.header("Content-Type") == "text/html; charset=utf-8")
            #expect(page.header("Content-Security-Policy")?.contains("default-src 'none'") == true)
            let html = String(decoding: page.body, as: UTF8.self)
            #expect(!html.contains("<script"))
            #expect(html.contains(HTML.escape(Self.hostile)))
            #expect(html.contains(id) && html.contains("CONFIRMED"))
            #expect(html.contains(#"<a href="/openapi.yaml">"#))
            for section in DashboardSection.allCases { #expect(html.contains(#"href="\#(section.jsonPath)""#)) }
            let ledger = try await sandbox.send("GET", "/sandbox/ledger.json", account: nil).json
            #expect(ledger.items.count == 1)
            #expect(ledger[0]["idempotencyKey"].stringValue == Self.hostile)
            #expect(ledger[0]["charges"].intValue == 1)
            let bookings = try await sandbox.send("GET", "/sandbox/bookings.json", account: nil).json
            #expect(bookings[0]["bookingId"].stringValue == id)
            let answers = try await sandbox.send("GET", "/sandbox/idempotency.json", account: nil).json
            #expect(
                answers.items.contains {
                    $0["key"].stringValue == Self.hostile && ($0["secondsLeft"].intValue ?? 0) > 0
                })
        }
    }

    @Test(arguments: [
        "/?x=1", "/#x", "/sandbox", "/sandbox/", "/sandbox/nope.json", "/sandbox/ledger", "/..", "//", "/%2e%2e/",
        "/sandbox/3ds/", "/sandbox/3ds/bk_zz", "/sandbox/3ds/bk_0000000000000000/x", "/openapi.yaml?v=2", "/index.html",
    ])
    func oddPathsAreA404Page(path: String) async throws {
        try await withSandbox(.inProcess) { sandbox in
            let response = try await sandbox.send("GET", path, account: nil)
            #expect(response.status == 404)
            #expect(response.header("Content-Type")?.hasPrefix("text/html") == true)
        }
    }

    /// A fault with a parameter given a rate (`--fault-rate delay-ms=300=0.1`)
    /// is listed with it; only the faults without one were.
    @Test func aDelayGivenARateIsListedWithItsRate() async throws {
        try await withSandbox(.inProcess, configure: { $0.faultRates[.delay(milliseconds: 300)] = 0.1 }) { sandbox in
            let faults = try await sandbox.send("GET", "/sandbox/faults.json", account: nil).json
            #expect(faults.items.contains { $0["fault"].stringValue == "delay-ms=300" && $0["rate"] == .double(0.1) })
            #expect(faults.items.contains { $0["fault"].stringValue == "rate-limit" })
        }
    }

    @Test func servesTheOpenAPIDocumentItWasBuiltWith() async throws {
        try await withSandbox(.inProcess) { sandbox in
            let response = try await sandbox.send("GET", "/openapi.yaml", account: nil)
            #expect(response.status == 200)
            let onDisk = try String(
                contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                    .deletingLastPathComponent().appendingPathComponent("Schema/api/openapi.yaml"), encoding: .utf8)
            #expect(String(decoding: response.body, as: UTF8.self) == onDisk)
        }
    }

    @Test func pagesAreOnlyServedUnderALoopbackHost() async throws {
        try await withSandbox(.inProcess) { sandbox in
            let foreign = try await sandbox.send("GET", "/", account: nil, headers: ["Host": "attacker.example"])
            let local = try await sandbox.send("GET", "/", account: nil, headers: ["Host": "localhost:9"])
            let posted = try await sandbox.send("POST", "/", account: nil)
            #expect(foreign.status == 421 && local.status == 200 && posted.status == 405)
        }
        #expect(SandboxOrigin.isLoopback("[::1]:8080"))
        #expect(!SandboxOrigin.isLoopback("127.0.0.1.evil.example"))
        #expect(!SandboxOrigin.isLoopback("127.0.0.1:99999"))
    }
}
