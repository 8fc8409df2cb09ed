import BookingAPI
import BookingKit
import BookingTestSupport
import Foundation
import TestSupport
import Testing

/// Issue 39 item 1: a push is only a hint. `pushReceived(_:)` asks the
/// server once about what the payload names and shows what the server
/// says, never the payload's own status; bad payloads are refused before
/// anything is read or sent. In-process and over real HTTP on loopback.
@Suite(.hangLimit) struct PushHintTests {
    /// A client on `route` whose 3-D Secure payment waits on the bank's
    /// page: the fixture and the payment's booking.
    static func onTheBanksPage(_ route: SandboxFixture.Route) async throws -> (ClientFixture, BookingID) {
        let sandbox = try SandboxFixture(route: route)
        let fixture = ClientFixture(sandbox: sandbox, client: try ClientFixture.client(sandbox: sandbox))
        let state = try await fixture.holdFirstOfferAndPay(with: "tok_threeDSecureRequired")
        #expect(state.stage.kind == .actionRequired)
        let booking = try #require(try await fixture.client.openAttempts().last?.bookingID)
        return (fixture, booking)
    }

    /// `fields` as a push payload.
    static func payload(_ fields: String) -> Data { Data("{\(fields)}".utf8) }

    /// The polls of booking `id` sent so far.
    static func polls(_ fixture: ClientFixture, _ id: BookingID) -> Int {
        fixture.sandbox.transport.requests("GET", "/v1/bookings/\(id.rawValue)").count
    }

    @Test(arguments: SandboxFixture.Route.allCases)
    func aPushForTheBanksPageEndsThePaymentWithinOnePollAndNoSecondPost(route: SandboxFixture.Route) async throws {
        let (fixture, booking) = try await Self.onTheBanksPage(route)
        try await fixture.sandbox.client().completeChallenge(booking, pass: true)  // in the bank's app, say
        let pollsBefore = Self.polls(fixture, booking)
        let opened = try await fixture.client.pushReceived(Self.payload(#""bookingId": "\#(booking.rawValue)""#))
        guard case .payment = opened else {
            Issue.record("expected the payment, got \(opened)")
            return
        }
        let final = try await fixture.client.waitUntilAtRest(timeout: Poll.defaultTimeout)
        #expect(final.stage.kind == .confirmed)
        #expect(Self.polls(fixture, booking) == pollsBefore + 1)
        #expect(fixture.sandbox.transport.requests("POST", "/v1/bookings").count == 1)
        #expect(try await fixture.sandbox.client().sandboxLedger().chargeCount == 1)
        await fixture.sandbox.stop()
    }

    @Test(arguments: SandboxFixture.Route.allCases)
    func aPushSayingConfirmedForADeclinedPaymentShowsDeclined(route: SandboxFixture.Route) async throws {
        let (fixture, booking) = try await Self.onTheBanksPage(route)
        try await fixture.sandbox.client().completeChallenge(booking, pass: false)
        let lie = Self.payload(
            #""bookingId": "\#(booking.rawValue)", "status": "CONFIRMED", "aps": {"alert": "Booked!"}"#)
        _ = try await fixture.client.pushReceived(lie)
        let final = try await fixture.client.waitUntilAtRest(timeout: Poll.defaultTimeout)
        #expect(final.stage.kind == .failed)
        #expect(try await fixture.client.savedTrips().isEmpty)
        #expect(try await fixture.sandbox.client().sandboxLedger().chargeCount == 0)
        await fixture.sandbox.stop()
    }

    @Test(arguments: SandboxFixture.Route.allCases)
    func aPushForATripReadsItAgainFromTheServer(route: SandboxFixture.Route) async throws {
        let sandbox = try SandboxFixture(route: route)
        let fixture = ClientFixture(sandbox: sandbox, client: try ClientFixture.client(sandbox: sandbox))
        #expect(try await fixture.holdFirstOfferAndPay(with: "tok_visa").stage.kind == .confirmed)
        let trip = try #require(try await fixture.client.savedTrips().first)
        let api = sandbox.client()
        let version = try await api.booking(trip.id).version
        _ = try await api.cancel(trip.id, version: version, key: IdempotencyKey("key_push_cancel_1"))  // on the web
        #expect(try await fixture.client.trip(id: trip.id).status == .confirmed)  // the device does not know yet
        let opened = try await fixture.client.pushReceived(Self.payload(#""bookingId": "\#(trip.id.rawValue)""#))
        guard case .trip(let pushed) = opened else {
            Issue.record("expected the trip, got \(opened)")
            return
        }
        #expect(pushed.status == .cancelled)
        #expect(try await fixture.client.trip(id: trip.id).status == .cancelled)
        await sandbox.stop()
    }

    @Test(arguments: SandboxFixture.Route.allCases)
    func anotherAccountsBookingShowsNothing(route: SandboxFixture.Route) async throws {
        let sandbox = try SandboxFixture(route: route)
        let theirs = ClientFixture(
            sandbox: sandbox, client: try ClientFixture.client(sandbox: sandbox, account: "someone_else"))
        #expect(try await theirs.holdFirstOfferAndPay(with: "tok_visa").stage.kind == .confirmed)
        let foreign = try #require(try await theirs.client.savedTrips().first?.id)
        var mine = ClientFixture.configuration(sandbox: sandbox)  // this account, on its own device
        mine.dataDirectory = URL(fileURLWithPath: sandbox.directory.file("my-phone"))
        let client = try BookingClient(mine, dependencies: Dependencies(sleeper: NoSleeper()))
        await client.launch()
        await #expect(throws: BookingClientError.unknownTrip(foreign)) {
            try await client.pushReceived(Self.payload(#""bookingId": "\#(foreign.rawValue)""#))
        }
        #expect(try await client.savedTrips().isEmpty)
        await sandbox.stop()
    }

    @Test func payloadsItDoesNotTakeAreRefusedBeforeAnythingIsSent() async throws {
        let sandbox = try SandboxFixture(route: .inProcess)
        let client = try ClientFixture.client(sandbox: sandbox)
        await client.launch()
        let sentBefore = sandbox.transport.requests.count
        let huge = Self.payload(#""bookingId": "bk_1", "pad": "\#(String(repeating: "x", count: 5000))""#)
        let refused: [(Data, String)] = [
            (Data(), "the payload is empty"),
            (huge, "more than 4096"),
            (Data("not json".utf8), "not JSON"),
            (Data("[]".utf8), "not a JSON object"),
            (Self.payload(#""status": "CONFIRMED""#), "names no bookingId"),
            (Self.payload(#""bookingId": "bk_1", "attemptId": "att_1""#), "both"),
            (Self.payload(#""bookingId": 42"#), "must be strings"),
            (Self.payload(#""attemptId": "att_never_made""#), "no attempt att_never_made"),
        ]
        for (payload, words) in refused {
            do {
                _ = try await client.pushReceived(payload)
                Issue.record("taken: \(String(decoding: payload.prefix(60), as: UTF8.self))")
            } catch .pushRejected(let reason) {
                #expect(reason.contains(words), "\(reason)")
            } catch {
                Issue.record("\(error)")
            }
        }
        await #expect(throws: BookingClientError.malformedID("../bk_1")) {
            try await client.pushReceived(Self.payload(#""bookingId": "../bk_1""#))
        }
        #expect(sandbox.transport.requests.count == sentBefore)
        await sandbox.stop()
    }
}
