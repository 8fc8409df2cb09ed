import BookingPrimitives
import Foundation
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

    /// The page's path and query (its token) from the booking's `nextAction.url`.
    static func page(_ booking: JSONValue) throws -> String {
        let url = try #require(booking["nextAction"]["url"].stringValue)
        let start = try #require(url.range(of: "/sandbox/3ds/"))
        return String(url[start.lowerBound...])
    }

    /// Issue 36, item 3: the booking id (in every answer about the booking,
    /// the dashboard, the return link) used to open the page and answer it
    /// for any account, with no key. Only the URL the payment answered, with
    /// its booking's own token, does; anything else is a 404 page and
    /// changes nothing.
    @Test func thePageOpensAndAnswersOnlyWithItsBookingsToken() async throws {
        try await withSandbox(.inProcess) { sandbox in
            let victim = try await challenged(sandbox)
            let other = try await challenged(sandbox)
            let id = try #require(victim["bookingId"].stringValue)
            let shape = try NSRegularExpression(
                pattern: #"^http://127\.0\.0\.1:8080/sandbox/3ds/bk_[0-9a-f]{16}\?token=[0-9a-f]{32}$"#)
            for booking in [victim, other] {
                let url = booking["nextAction"]["url"].stringValue ?? ""
                #expect(shape.firstMatch(in: url, range: NSRange(url.startIndex..., in: url)) != nil, "\(url)")
            }
            let token = String(try Self.page(victim).suffix(32))
            let otherToken = String(try Self.page(other).suffix(32))
            #expect(token != otherToken)

            let guesses = [
                "/sandbox/3ds/\(id)", "/sandbox/3ds/\(id)?token=\(otherToken)",
                "/sandbox/3ds/\(id)?token=" + String(repeating: "0", count: 32), "/sandbox/3ds/\(id)?token=",
                "/sandbox/3ds/\(id)?token=\(token.uppercased())",
            ]
            for guess in guesses {
                #expect(
                    try await sandbox.send("GET", guess, account: nil, headers: Self.host).status == 404, "\(guess)")
                #expect(try await sandbox.pageAnswer(guess, "result=pass").status == 404, "\(guess)")
                #expect(try await sandbox.pageAnswer(guess, "result=fail").status == 404, "\(guess)")
            }
            let read = try await sandbox.send("GET", "/v1/bookings/\(id)").json
            #expect(read["state"].stringValue == "ACTION_REQUIRED")
            #expect(read["version"].intValue == 1)
            #expect(try await sandbox.ledger()["chargeCount"].intValue == 0)

            let page = try Self.page(victim)
            #expect(try await sandbox.send("GET", page, account: nil, headers: Self.host).status == 200)
            #expect(try await sandbox.pageAnswer(page, "result=pass").status == 200)
            #expect(try await sandbox.ledger()["chargeCount"].intValue == 1)
        }
    }

    @Test func challengeURLIsTheSandboxsOwnPage() async throws {
        try await withSandbox(.inProcess) { sandbox in
            let booking = try await challenged(sandbox)
            let id = booking["bookingId"].stringValue!
            let url = try #require(booking["nextAction"]["url"].stringValue)
            #expect(url.hasPrefix("http://127.0.0.1:8080/sandbox/3ds/\(id)?token="))
            let path = try Self.page(booking)
            let page = try await sandbox.send("GET", path, account: nil, headers: Self.host)
            #expect(page.status == 200)
            #expect(page.header("Content-Type")?.hasPrefix("text/html") == true)
            // Not no-referrer: browsers would then send `Origin: null` with
            // the form's POST, which the same-origin check refuses.
            #expect(page.header("Referrer-Policy") == "same-origin")
            let html = String(decoding: page.body, as: UTF8.self)
            #expect(html.contains(#"<form method="post" action="\#(path)">"#))
            #expect(html.contains(">Complete</button>") && html.contains(">Fail</button>"))
            #expect(html.contains(booking["property"]["name"].stringValue.map(HTML.escape) ?? "?"))
        }
    }

    @Test func completeChargesOnceAndRedirectsToTheReturnLink() async throws {
        try await withSandbox(.inProcess) { sandbox in
            let booking = try await challenged(
                sandbox, returnURL: "https://example.com/bookings/{bookingId}/3ds-return")
            let id = booking["bookingId"].stringValue!
            let page = try Self.page(booking)
            let answered = try await sandbox.pageAnswer(page, "result=pass", origin: "http://127.0.0.1:8080")
            #expect(answered.status == 303)
            #expect(answered.header("Location") == "https://example.com/bookings/\(id)/3ds-return")
            #expect(try await sandbox.ledger()["chargeCount"].intValue == 1)
            #expect(try await sandbox.send("GET", "/v1/bookings/\(id)").json["state"].stringValue == "CONFIRMED")
            // Answered already: a 409 page, no second charge.
            let again = try await sandbox.pageAnswer(page, "result=pass")
            #expect(again.status == 409)
            #expect(try await sandbox.send("GET", page, account: nil).status == 409)
            #expect(try await sandbox.ledger()["chargeCount"].intValue == 1)
        }
    }

    @Test func failWithoutReturnURLSaysToGoBackToTheApp() async throws {
        try await withSandbox(.inProcess) { sandbox in
            let booking = try await challenged(sandbox)
            let id = booking["bookingId"].stringValue!
            let answered = try await sandbox.pageAnswer(try Self.page(booking), "result=fail")
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
            let booking = try await challenged(sandbox)
            let id = booking["bookingId"].stringValue!
            let page = try Self.page(booking)
            let token = String(page.suffix(32))
            let unknown = "/sandbox/3ds/bk_" + String(repeating: "0", count: 16) + "?token=" + token
            #expect(try await sandbox.send("GET", unknown, account: nil).status == 404)
            #expect(try await sandbox.pageAnswer(unknown, "result=pass").status == 404)
            #expect(try await sandbox.pageAnswer(page, "result=maybe").status == 400)
            #expect(try await sandbox.pageAnswer(page, "result=pass&result=fail").status == 400)
            #expect(try await sandbox.pageAnswer(page, "result=pass", origin: "https://evil.example").status == 403)
            #expect(try await sandbox.pageAnswer(page, "result=pass", origin: "null").status == 403)
            #expect(try await sandbox.pageAnswer(page, "result=pass", site: "cross-site").status == 403)
            #expect(try await sandbox.pageAnswer(page, "result=pass", account: "mallory").status == 404)
            #expect(try await sandbox.send("GET", page, account: "mallory").status == 404)
            #expect(try await sandbox.send("GET", "/sandbox/3ds/\(id)?result=pass", account: nil).status == 404)
            #expect(try await sandbox.send("GET", page + "&result=pass", account: nil).status == 404)
            #expect(
                try await sandbox.send("GET", page, account: nil, headers: ["Host": "evil.example"]).status == 421)
            let get = try await sandbox.send("GET", page, account: nil)
            #expect(get.status == 200)
            #expect(try await sandbox.send("PUT", page, account: nil).status == 405)
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
    /// The page's form answer to `page` (its path and query), as a browser
    /// posts it (no key unless `account`).
    func pageAnswer(
        _ page: String, _ body: String, origin: String? = nil, site: String? = nil, account: String? = nil
    ) async throws -> TestResponse {
        var headers = ["Content-Type": "application/x-www-form-urlencoded", "Host": "127.0.0.1:8080"]
        headers["Origin"] = origin
        headers["Sec-Fetch-Site"] = site
        return try await send("POST", page, json: nil, account: account, headers: headers, body: body)
    }
}
