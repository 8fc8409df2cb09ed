import Foundation
import TestSupport
import Testing

@testable import BookingSandbox

@Suite struct IdempotencyTests {
    @Test(arguments: Transport.allCases)
    func replayedHoldCarriesReplayHeaderAndSameBody(transport: Transport) async throws {
        try await withSandbox(transport) { sandbox in
            let offer = try await sandbox.firstOffer()
            let body = Sandbox.holdBody(offer)
            let first = try await sandbox.send("POST", "/v1/holds", json: body, key: "k-replay")
            let second = try await sandbox.send("POST", "/v1/holds", json: body, key: "k-replay")
            #expect(first.status == 201)
            #expect(first.header("Idempotent-Replayed") == nil)
            #expect(second.status == 201)
            #expect(second.header("Idempotent-Replayed") == "true")
            #expect(second.json == first.json)
        }
    }

    @Test(arguments: Transport.allCases)
    func sameKeyWithOtherBodyIs422(transport: Transport) async throws {
        try await withSandbox(transport) { sandbox in
            let (first, second) = try await Self.payTwice(sandbox, key: "k-pay", "tok_chargeDeclined", then: "tok_visa")
            #expect(first.status == 201)
            #expect(second.status == 422)
            #expect(second.errorCode == "IDEMPOTENCY_KEY_REUSED")
            #expect(try await sandbox.ledger()["chargeCount"].intValue == 0)
        }
    }

    @Test(.ownQueue, arguments: Transport.allCases)
    func concurrentSameKeyIs409InUse(transport: Transport) async throws {
        try await withSandbox(transport) { sandbox in
            let holdID = try await sandbox.heldID()
            // 5 s: the first must still be running when the second arrives,
            // even on a loaded machine (800 ms was not always enough).
            async let slow = sandbox.pay(holdID, token: "tok_visa", key: "k-busy", fault: "delay-ms=5000")
            // The second is sent once the first holds the key as running.
            try #require(
                try await Poll.until {
                    try await sandbox.send("GET", "/sandbox/idempotency.json", account: nil).json.items.contains {
                        $0["key"].stringValue == "k-busy" && $0["state"].stringValue == "running"
                    }
                })
            let collided = try await sandbox.pay(holdID, token: "tok_visa", key: "k-busy")
            #expect(collided.status == 409)
            #expect(collided.errorCode == "IDEMPOTENCY_KEY_IN_USE")
            #expect(try await slow.status == 201)
            // The collision was not stored: the retry replays the first result.
            let retry = try await sandbox.pay(holdID, token: "tok_visa", key: "k-busy")
            #expect(retry.status == 201)
            #expect(retry.header("Idempotent-Replayed") == "true")
            #expect(try await sandbox.ledger()["chargeCount"].intValue == 1)
        }
    }

    @Test(arguments: Transport.allCases)
    func injected500IsStoredAndReplayed(transport: Transport) async throws {
        try await withSandbox(transport) { sandbox in
            let holdID = try await sandbox.heldID()
            let failed = try await sandbox.pay(
                holdID, token: "tok_visa", key: "k-500", fault: "error-500-before-commit")
            #expect(failed.status == 500)
            #expect(failed.errorCode == "INTERNAL_ERROR")
            let replay = try await sandbox.pay(holdID, token: "tok_visa", key: "k-500")
            #expect(replay.status == 500)
            #expect(replay.header("Idempotent-Replayed") == "true")
            // Nothing was committed before the 500: no booking, no charge.
            #expect(try await sandbox.send("GET", "/v1/bookings?attempt=k-500").status == 404)
            #expect(try await sandbox.ledger()["chargeCount"].intValue == 0)
        }
    }

    @Test(arguments: Transport.allCases)
    func validationFailureIsNotStored(transport: Transport) async throws {
        try await withSandbox(transport) { sandbox in
            let (bad, good) = try await Self.payTwice(sandbox, key: "k-fix", "tok_bogus", then: "tok_visa")
            #expect(bad.status == 400)
            #expect(bad.errorCode == "INVALID_PAYMENT_TOKEN")
            #expect(good.status == 201)
            #expect(good.header("Idempotent-Replayed") == nil)
        }
    }

    @Test(arguments: Transport.allCases)
    func keyIsPrunedAfterPublishedLifetime(transport: Transport) async throws {
        try await withSandbox(
            transport, holdTTLMilliseconds: 3_600_000, configure: { $0.idempotencyKeyLifetimeSeconds = 60 }
        ) { sandbox in
            let first = try await sandbox.hold(key: "k-old")
            #expect(
                try await sandbox.send("GET", "/v1/sandbox/config").json["idempotencyKeyLifetimeSeconds"].intValue == 60
            )
            sandbox.clock.advance(seconds: 59)
            let offer = try await sandbox.firstOffer()
            let body = Sandbox.holdBody(offer)
            let replay = try await sandbox.send("POST", "/v1/holds", json: body, key: "k-old")
            #expect(replay.header("Idempotent-Replayed") == "true")
            #expect(replay.header("Idempotency-Key-Lifetime") == "60")
            sandbox.clock.advance(seconds: 2)
            let fresh = try await sandbox.send("POST", "/v1/holds", json: body, key: "k-old")
            #expect(fresh.status == 201)
            #expect(fresh.header("Idempotent-Replayed") == nil)
            #expect(fresh.json["holdId"] != first["holdId"])
        }
    }

    @Test(arguments: Transport.allCases)
    func keysAreScopedToAccountAndEndpoint(transport: Transport) async throws {
        try await withSandbox(transport) { sandbox in
            let alice = try await sandbox.hold(key: "shared-key", account: "alice")
            let bob = try await sandbox.hold(key: "shared-key", account: "bob")
            #expect(alice["holdId"] != bob["holdId"])
            // The same key on another endpoint is another key.
            let booking = try await sandbox.pay(alice["holdId"].stringValue, token: "tok_visa", key: "shared-key")
            #expect(booking.status == 201)
            #expect(booking.header("Idempotent-Replayed") == nil)
        }
    }

    @Test(arguments: Transport.allCases)
    func postWithoutKeyIs400(transport: Transport) async throws {
        try await withSandbox(transport) { sandbox in
            let offer = try await sandbox.firstOffer()
            let body = Sandbox.holdBody(offer)
            let missing = try await sandbox.send("POST", "/v1/holds", json: body)
            #expect(missing.status == 400)
            #expect(missing.errorCode == "IDEMPOTENCY_KEY_MISSING")
            let tooLong = try await sandbox.send(
                "POST", "/v1/holds", json: body, key: String(repeating: "k", count: 256))
            #expect(tooLong.errorCode == "IDEMPOTENCY_KEY_INVALID")
        }
    }

    @Test(arguments: Transport.allCases)
    func lostAnswerIsReplayedAndChargedOnce(transport: Transport) async throws {
        try await withSandbox(transport) { sandbox in
            let lost = try await sandbox.book(token: "tok_visa", key: "k-lost", fault: "drop-response-after-commit")
            #expect(lost.dropped)
            let lookup = try await sandbox.send("GET", "/v1/bookings?attempt=k-lost")
            #expect(lookup.status == 200)
            #expect(lookup.json["state"].stringValue == "CONFIRMED")
            let ledger = try await sandbox.ledger()
            #expect(ledger["chargeCount"].intValue == 1)
            #expect(ledger["chargesByIdempotencyKey"]["k-lost"].intValue == 1)
        }
    }

    /// Pays one new hold twice under `key`: with `first`, then with
    /// `second`; both answers.
    private static func payTwice(
        _ sandbox: Sandbox, key: String, _ first: String, then second: String
    ) async throws -> (TestResponse, TestResponse) {
        let holdID = try await sandbox.heldID()
        let firstAnswer = try await sandbox.pay(holdID, token: first, key: key)
        return (firstAnswer, try await sandbox.pay(holdID, token: second, key: key))
    }
}
