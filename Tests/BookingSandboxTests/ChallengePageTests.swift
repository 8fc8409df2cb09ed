import Foundation
import Primitives
import Testing

@testable import BookingSandbox

/// The sandbox's own 3-D Secure page: served on its origin, answered by a
/// POST that moves the booking as the JSON endpoint does, then a 303 to
/// the client's return URL; bad input gets an error page and changes nothing.
@Suite struct ChallengePageTests {
    private static let host = ["Host": "127.0.0.1:8080"]

    /// A booking waiting for 3-D Secure, made with `returnUrl` (none: nil).
    private func challenged(_ sandbox: Sandbox, returnURL: String? = nil) async throws -> JSONValue {
        let hold = try await sandbox.hold()
        let extra = returnURL.map { #","returnUrl":"\#($0)""# } ?? ""
        let response = try await sandbox.send(
            "POST", "/v1/bookings",
            json:
                #"{"holdId":"\#(hold["holdId"].stringValue ?? "")","paymentToken":"tok_threeDSecureRequired"\#(extra)}"#,
            key: UUID().uuidString, headers: Self.host)
        #expect(response.status == 201)
        return response.json
    }

    @Test func challengeURLIsTheSandboxsOwnPage() async throws {
        try await withSandbox(.inProcess) { sandbox in
            let booking = try await challenged(sandbox)
            let id = booking["bookingId"].stringValue!
            #expect(booking["nextAction"]["url"].stringValue == "http://127.0.0.1:8080/sandbox/3ds/\(id)")
            let page = try await sandbox.send("GET", "/sandbox/3ds/\(id)", account: nil, headers: Self.host)
            #expect(page.status == 200)
            #expect(page.header("Content-Type")?.hasPrefix("text/html") == true)
            // Not no-referrer: browsers would then send `Origin: null` with
            // the form's POST, which the same-origin check refuses.
            #expect(page.header("Referrer-Policy") == "same-origin")
            let html = String(decoding: page.body, as: UTF8.self)
            #expect(html.contains(#"<form method="post" action="/sandbox/3ds/\#(id)">"#))
            #expect(html.contains(">Complete</button>") && html.contains(">Fail</button>"))
            #expect(html.contains(booking["property"]["name"].stringValue.map(HTML.escape) ?? "?"))
        }
    }

    @Test func completeChargesOnceAndRedirectsToTheReturnLink() async throws {
        try await withSandbox(.inProcess) { sandbox in
            let booking = try await challenged(
                sandbox, returnURL: "https://example.com/bookings/{bookingId}/3ds-return")
            let id = booking["bookingId"].stringValue!
            let answered = try await sandbox.pageAnswer(id, "result=pass", origin: "http://127.0.0.1:8080")
            #expect(answered.status == 303)
            #expect(answered.header("Location") == "https://example.com/bookings/\(id)/3ds-return")
            #expect(try await sandbox.ledger()["chargeCount"].intValue == 1)
            #expect(try await sandbox.send("GET", "/v1/bookings/\(id)").json["state"].stringValue == "CONFIRMED")
            // Answered already: a 409 page, no second charge.
            let again = try await sandbox.pageAnswer(id, "result=pass")
            #expect(again.status == 409)
            #expect(try await sandbox.send("GET", "/sandbox/3ds/\(id)", account: nil).status == 409)
            #expect(try await sandbox.ledger()["chargeCount"].intValue == 1)
        }
    }

    @Test func failWithoutReturnURLSaysToGoBackToTheApp() async throws {
        try await withSandbox(.inProcess) { sandbox in
            let id = try await challenged(sandbox)["bookingId"].stringValue!
            let answered = try await sandbox.pageAnswer(id, "result=fail")
            #expect(answered.status == 200)
            #expect(String(decoding: answered.body, as: UTF8.self).contains("You can return to the app"))
            let read = try await sandbox.send("GET", "/v1/bookings/\(id)").json
            #expect(read["state"].stringValue == "FAILED")
            #expect(read["failure"]["code"].stringValue == "authentication_failed")
            #expect(try await sandbox.ledger()["chargeCount"].intValue == 0)
        }
    }

    @Test func badAnswersGetErrorPagesAndChangeNothing() async throws {
        try await withSandbox(.inProcess) { sandbox in
            let id = try await challenged(sandbox)["bookingId"].stringValue!
            let unknown = "bk_" + String(repeating: "0", count: 16)
            #expect(try await sandbox.send("GET", "/sandbox/3ds/\(unknown)", account: nil).status == 404)
            #expect(try await sandbox.pageAnswer(unknown, "result=pass").status == 404)
            #expect(try await sandbox.pageAnswer(id, "result=maybe").status == 400)
            #expect(try await sandbox.pageAnswer(id, "result=pass&result=fail").status == 400)
            #expect(try await sandbox.pageAnswer(id, "result=pass", origin: "https://evil.example").status == 403)
            #expect(try await sandbox.pageAnswer(id, "result=pass", origin: "null").status == 403)
            #expect(try await sandbox.pageAnswer(id, "result=pass", site: "cross-site").status == 403)
            #expect(try await sandbox.pageAnswer(id, "result=pass", account: "mallory").status == 404)
            #expect(try await sandbox.send("GET", "/sandbox/3ds/\(id)", account: "mallory").status == 404)
            #expect(try await sandbox.send("GET", "/sandbox/3ds/\(id)?result=pass", account: nil).status == 404)
            #expect(
                try await sandbox.send("GET", "/sandbox/3ds/\(id)", account: nil, headers: ["Host": "evil.example"])
                    .status == 421)
            let get = try await sandbox.send("GET", "/sandbox/3ds/\(id)", account: nil)
            #expect(get.status == 200)
            #expect(try await sandbox.send("PUT", "/sandbox/3ds/\(id)", account: nil).status == 405)
            let read = try await sandbox.send("GET", "/v1/bookings/\(id)").json
            #expect(read["state"].stringValue == "ACTION_REQUIRED")
            #expect(read["version"].intValue == 1)
            #expect(try await sandbox.ledger()["chargeCount"].intValue == 0)
        }
    }

    @Test(arguments: [
        "http://example.com/back", "javascript://x%0aalert(1)", "data://text", "https://", "no-scheme",
        "https://example.com/a b", "https://example.com/\u{7f}",
    ])
    func refusedReturnURLsAreAValidationError(returnURL: String) async throws {
        try await withSandbox(.inProcess) { sandbox in
            let hold = try await sandbox.hold()
            let body: [String: String] = [
                "holdId": hold["holdId"].stringValue ?? "", "paymentToken": "tok_threeDSecureRequired",
                "returnUrl": returnURL,
            ]
            let json = String(decoding: try JSONEncoder().encode(body), as: UTF8.self)
            let response = try await sandbox.send("POST", "/v1/bookings", json: json, key: UUID().uuidString)
            #expect(response.status == 400)
            #expect(response.json["error"]["field"].stringValue == "returnUrl")
        }
    }

    @Test func appSchemeReturnURLsAreAccepted() {
        #expect(ReturnURL.isValid("bookingkit://bookings/{bookingId}/3ds-return"))
        #expect(ReturnURL.isValid("https://example.com/bookings/{bookingId}/3ds-return"))
        #expect(!ReturnURL.isValid("JavaScript://alert"))
    }
}

extension Sandbox {
    /// The page's form answer, as a browser posts it (no key unless `account`).
    func pageAnswer(
        _ id: String, _ body: String, origin: String? = nil, site: String? = nil, account: String? = nil
    ) async throws -> TestResponse {
        var headers = ["Content-Type": "application/x-www-form-urlencoded", "Host": "127.0.0.1:8080"]
        headers["Origin"] = origin
        headers["Sec-Fetch-Site"] = site
        return try await send("POST", "/sandbox/3ds/\(id)", json: nil, account: account, headers: headers, body: body)
    }
}
