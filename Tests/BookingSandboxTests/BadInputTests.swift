import Foundation
import Testing

@testable import BookingSandbox

@Suite struct BadInputTests {
    static let bodies: [(String, String)] = [
        ("{", "INVALID_JSON"),
        ("[]", "INVALID_JSON"),
        ("\"text\"", "INVALID_JSON"),
        (#"{"holdId": 12, "paymentToken": "tok_visa"}"#, "VALIDATION_ERROR"),
        (#"{"holdId": null, "paymentToken": "tok_visa"}"#, "VALIDATION_ERROR"),
        (#"{"paymentToken": "tok_visa"}"#, "VALIDATION_ERROR"),
        (#"{"holdId": "hold_0000000000000000", "paymentToken": true}"#, "VALIDATION_ERROR"),
        (#"{"holdId": "hold_0000000000000000", "paymentToken": "TOK_VISA"}"#, "INVALID_PAYMENT_TOKEN"),
        (#"{"holdId": "hold_0000000000000000", "paymentToken": "tok_visa", "amount": 1}"#, "VALIDATION_ERROR"),
        (#"{"holdId": "../../etc/passwd", "paymentToken": "tok_visa"}"#, "VALIDATION_ERROR"),
        (
            #"{"holdId": "hold_0000000000000000'; DROP TABLE booking;--", "paymentToken": "tok_visa"}"#,
            "VALIDATION_ERROR"
        ),
    ]

    @Test(arguments: Transport.allCases)
    func malformedBodiesAre400WithACode(transport: Transport) async throws {
        try await withSandbox(transport) { sandbox in
            for (index, (body, code)) in Self.bodies.enumerated() {
                let response = try await sandbox.send("POST", "/v1/bookings", json: body, key: "bad-\(index)")
                #expect(response.status == 400, "\(body)")
                #expect(response.errorCode == code, "\(body)")
            }
            // Nothing was stored: the same keys work for a real request.
            let hold = try await sandbox.hold()
            let good = try await sandbox.pay(hold["holdId"].stringValue, token: "tok_visa", key: "bad-0")
            #expect(good.status == 201)
        }
    }

    @Test(arguments: Transport.allCases)
    func wrongTypesAndUnknownEnumsElsewhereAre400(transport: Transport) async throws {
        try await withSandbox(transport) { sandbox in
            let id = try await sandbox.book(token: "tok_threeDSecureRequired").json["bookingId"].stringValue!
            let challenge = try await sandbox.send("POST", "/v1/sandbox/challenges/\(id)", json: #"{"result":"maybe"}"#)
            #expect(challenge.errorCode == "VALIDATION_ERROR")
            let version = try await sandbox.send(
                "POST", "/v1/bookings/\(id)/cancel", json: #"{"version":"1"}"#, key: "v")
            #expect(version.errorCode == "VALIDATION_ERROR")
            let fraction = try await sandbox.send(
                "POST", "/v1/bookings/\(id)/cancel", json: #"{"version":1.5}"#, key: "v")
            #expect(fraction.errorCode == "VALIDATION_ERROR")
            let hold = try await sandbox.send(
                "POST", "/v1/holds",
                json: #"{"offerId":"off_htl_lis01_std_20261103_20261106_9","quoteId":"qt_0000000000000000"}"#, key: "h")
            #expect(hold.errorCode == "VALIDATION_ERROR")
            let unknownOffer = try await sandbox.send(
                "POST", "/v1/holds",
                json: #"{"offerId":"off_htl_lis99_std_20261103_20261106_2","quoteId":"qt_0000000000000000"}"#, key: "h2"
            )
            #expect(unknownOffer.status == 404)
        }
    }

    @Test(arguments: Transport.allCases)
    func hostileIdsAndPathsAre404(transport: Transport) async throws {
        try await withSandbox(transport) { sandbox in
            for target in [
                "/v1/bookings/bk_%27%20OR%201=1", "/v1/bookings/bk_00000000000000000",
                "/v1/holds/hold_ffffffffffffffff",
                "/v1/bookings/" + String(repeating: "a", count: 100), "/v1/bookings/x/y/z", "/v1//bookings", "/v1",
            ] {
                let response = try await sandbox.send("GET", target)
                #expect(response.status == 404, "\(target)")
                #expect(response.errorCode == "NOT_FOUND", "\(target)")
            }
            // Outside /v1/ are the pages (`/` is the dashboard): another path is a 404 page.
            let page = try await sandbox.send("GET", "/v2/bookings")
            #expect(page.status == 404)
            #expect(page.header("Content-Type")?.hasPrefix("text/html") == true)
            let method = try await sandbox.send("DELETE", "/v1/bookings")
            #expect(method.status == 405)
            #expect(method.header("Allow") == "GET, POST")
        }
    }

    @Test(arguments: Transport.allCases)
    func oversizedBodyIs413(transport: Transport) async throws {
        try await withSandbox(transport) { sandbox in
            let big = #"{"holdId":""# + String(repeating: "x", count: 20_000) + #"","paymentToken":"tok_visa"}"#
            let response = try await sandbox.send("POST", "/v1/bookings", json: big, key: "big")
            #expect(response.status == 413)
            #expect(response.errorCode == "PAYLOAD_TOO_LARGE")
        }
    }
}
