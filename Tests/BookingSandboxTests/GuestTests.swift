import Foundation
import TestSupport
import Testing

@testable import BookingSandbox

/// The lead guest in `POST /v1/bookings`: checked by the library's rule
/// (400 VALIDATION_ERROR naming `guest.<field>`, nothing booked or
/// charged), saved trimmed and echoed on every answer about the booking,
/// and part of what the Idempotency-Key is bound to.
@Suite struct GuestTests {
    /// `POST /v1/bookings` of `holdID` paid by `tok_visa` for `guest` (a
    /// JSON value's text) under `key` (a new one by default).
    static func book(
        _ sandbox: Sandbox, _ holdID: String, guest: String, key: String = UUID().uuidString
    ) async throws -> TestResponse {
        try await sandbox.send(
            "POST", "/v1/bookings", json: #"{"holdId":"\#(holdID)","paymentToken":"tok_visa","guest":\#(guest)}"#,
            key: key)
    }

    static let ana = #"{"name":" Ana Silva ","email":"ana@example.com","arrivalTime":"18:30"}"#

    @Test(arguments: Transport.allCases)
    func theGuestIsSavedTrimmedAndEchoedOnEveryAnswer(transport: Transport) async throws {
        try await withSandbox(transport) { sandbox in
            let holdID = try await sandbox.heldID()
            let made = try await Self.book(sandbox, holdID, guest: Self.ana, key: "k-guest")
            #expect(made.status == 201)
            #expect(made.json["guest"]["name"].stringValue == "Ana Silva")
            #expect(made.json["guest"]["email"].stringValue == "ana@example.com")
            #expect(made.json["guest"]["arrivalTime"].stringValue == "18:30")
            #expect(made.json["guest"]["phone"] == .null)
            let id = try #require(made.json["bookingId"].stringValue)
            let read = try await sandbox.send("GET", "/v1/bookings/\(id)")
            #expect(read.json["guest"] == made.json["guest"])
            let byKey = try await sandbox.send("GET", "/v1/bookings?attempt=k-guest")
            #expect(byKey.json["guest"]["name"].stringValue == "Ana Silva")
        }
    }

    @Test(arguments: Transport.allCases)
    func aBookingWithoutAGuestHasNone(transport: Transport) async throws {
        try await withSandbox(transport) { sandbox in
            let made = try await sandbox.book(token: "tok_visa")
            #expect(made.status == 201)
            #expect(made.json["guest"] == .null)
        }
    }

    @Test(arguments: Transport.allCases)
    func theSameKeyWithAnotherGuestIsRefusedAndChargesOnce(transport: Transport) async throws {
        try await withSandbox(transport) { sandbox in
            let holdID = try await sandbox.heldID()
            let first = try await Self.book(sandbox, holdID, guest: Self.ana, key: "k-one")
            let other = #"{"name":"Bruno Costa","email":"ana@example.com","arrivalTime":"18:30"}"#
            let second = try await Self.book(sandbox, holdID, guest: other, key: "k-one")
            #expect(first.status == 201)
            #expect(second.status == 422)
            #expect(second.errorCode == "IDEMPOTENCY_KEY_REUSED")
            // The same guest again is the same request: replayed, not charged again.
            let again = try await Self.book(sandbox, holdID, guest: Self.ana, key: "k-one")
            #expect(again.status == 201)
            #expect(again.header("Idempotent-Replayed") == "true")
            #expect(try await sandbox.ledger()["chargeCount"].intValue == 1)
        }
    }

    static let refused: [(guest: String, field: String)] = [
        (#"{"name":"","email":"ana@example.com"}"#, "guest.name"),
        (#"{"name":"   ","email":"ana@example.com"}"#, "guest.name"),
        (#"{"name":"\#(String(repeating: "a", count: 500))","email":"ana@example.com"}"#, "guest.name"),
        (#"{"name":"Ana\u0007Silva","email":"ana@example.com"}"#, "guest.name"),
        (#"{"name":"Ana \u202Eavlis","email":"ana@example.com"}"#, "guest.name"),
        (#"{"name":"Ana Silva","email":"ana@"}"#, "guest.email"),
        (#"{"name":"Ana Silva","email":"ana@example"}"#, "guest.email"),
        (#"{"name":"Ana Silva"}"#, "guest.email"),
        (#"{"name":"Ana Silva","email":"ana@example.com","arrivalTime":"25:00"}"#, "guest.arrivalTime"),
        (#"{"name":"Ana Silva","email":"ana@example.com","phone":"call me"}"#, "guest.phone"),
        (#"{"name":"Ana Silva","email":"ana@example.com","room":"101"}"#, "guest.room"),
        (#""Ana Silva""#, "guest"),
    ]

    @Test(arguments: Transport.allCases)
    func badDetailsAre400NamingTheFieldAndNothingIsBooked(transport: Transport) async throws {
        try await withSandbox(transport) { sandbox in
            let holdID = try await sandbox.heldID()
            for (guest, field) in Self.refused {
                let answer = try await Self.book(sandbox, holdID, guest: guest)
                #expect(answer.status == 400, "\(guest)")
                #expect(answer.errorCode == "VALIDATION_ERROR", "\(guest)")
                #expect(answer.json["error"]["field"].stringValue == field, "\(guest)")
            }
            #expect(try await sandbox.ledger()["chargeCount"].intValue == 0)
            // The hold is still free: nothing was booked on it.
            let paid = try await Self.book(sandbox, holdID, guest: Self.ana)
            #expect(paid.status == 201)
        }
    }
}
