import Foundation
import TestSupport
import Testing

@testable import BookingSandbox

/// `GET /v1/events`, the push channel's stand-in: the account's booking
/// changes in order, only its own, and a request with nothing to list yet
/// waits until a change lands (woken by it, not by its time running out).
@Suite struct EventChannelTests {
    /// The channel's answer for `query` as `account`.
    static func events(_ sandbox: Sandbox, _ query: String, account: String? = "alice") async throws -> TestResponse {
        try await sandbox.send("GET", "/v1/events\(query)", account: account)
    }

    @Test(arguments: Transport.allCases)
    func theChannelListsTheAccountsOwnChangesInOrder(transport: Transport) async throws {
        try await withSandbox(transport) { sandbox in
            let now = try await Self.events(sandbox, "")
            #expect(now.status == 200)
            #expect(now.json["items"].items.isEmpty)
            let start = try #require(now.json["lastSeq"].intValue)
            let pending = try await sandbox.pay(try await sandbox.heldID(), token: "tok_threeDSecureRequired")
            let bookingID = try #require(pending.json["bookingId"].stringValue)
            _ = try await sandbox.send(
                "POST", "/v1/sandbox/challenges/\(bookingID)", json: #"{"result":"pass"}"#)
            _ = try await sandbox.pay(try await sandbox.heldID(account: "bob"), token: "tok_visa", account: "bob")

            let changes = try await Self.events(sandbox, "?after=\(start)")
            let items = changes.json["items"].items
            #expect(items.map { $0["bookingId"].stringValue } == [bookingID, bookingID])
            #expect(items.map { $0["version"].intValue } == [1, 2])
            let seqs = items.compactMap { $0["seq"].intValue }
            #expect(seqs == seqs.sorted() && Set(seqs).count == 2)
            #expect(changes.json["lastSeq"].intValue == seqs.last)
            let caughtUp = try await Self.events(sandbox, "?after=\(seqs.last ?? 0)")
            #expect(caughtUp.json["items"].items.isEmpty)
            #expect(caughtUp.json["lastSeq"].intValue == seqs.last)
            // Bob's payment is in no list of Alice's, and Alice's in none of his.
            let bobs = try await Self.events(sandbox, "?after=0", account: "bob").json["items"].items
            #expect(bobs.count == 1 && bobs.first?["bookingId"].stringValue != bookingID)
        }
    }

    @Test(.ownQueue, arguments: Transport.allCases)
    func aWaitingRequestIsAnsweredWhenABookingChanges(transport: Transport) async throws {
        try await withSandbox(transport) { sandbox in
            let start = try #require(try await Self.events(sandbox, "").json["lastSeq"].intValue)
            let holdID = try await sandbox.heldID()
            async let waited = Self.events(sandbox, "?after=\(start)&waitSeconds=25")
            // The request is parked (the hold is no booking change) when the payment lands.
            try #require(await Poll.until { sandbox.handler.changes.waiting == 1 })
            let paid = try await sandbox.pay(holdID, token: "tok_visa")
            let answer = try await waited
            #expect(answer.status == 200)
            #expect(answer.json["items"][0]["bookingId"] == paid.json["bookingId"])
            #expect(sandbox.handler.changes.timeouts == 0, "answered by its time running out, not by the change")
        }
    }

    @Test func badParametersAreRefused() async throws {
        try await withSandbox(.inProcess) { sandbox in
            for query in ["?waitSeconds=26", "?waitSeconds=-1", "?after=-1", "?after=x", "?since=1"] {
                let answer = try await Self.events(sandbox, query)
                #expect(answer.status == 400, "\(query)")
            }
            #expect(try await Self.events(sandbox, "", account: nil).status == 401)
        }
    }
}
