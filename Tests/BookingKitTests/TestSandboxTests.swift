import BookingKit
import BookingKitTesting
import Foundation
import Testing

/// The testing product as an app's tests use it: only `TestSandbox`, its
/// clients and transport, and `RecordingLogHandler`, with the library's
/// public calls. (Examples/BookingApp's own tests do the same from outside
/// the package, where nothing else could be reached.)
@Suite struct TestSandboxTests {
    static let guest = GuestDetails(name: "Ana Silva", email: "ana@example.com")

    /// The first room in Lisbon for two nights.
    static func firstOffer(_ client: BookingClient) async throws -> Offer {
        let page = try await client.offers(
            at: "plc_lisbon", checkIn: CalendarDate("2026-12-01")!, checkOut: CalendarDate("2026-12-03")!, guests: 2)
        return try #require(page.items.first)
    }

    @Test func aPaymentWhoseAnswerIsLostIsConfirmedAndChargedOnce() async throws {
        let sandbox = try TestSandbox()
        let client = try sandbox.client()
        await client.launch()
        try await client.hold(try await Self.firstOffer(client))
        sandbox.transport.inject(.init("POST", "/v1/bookings", fault: .dropResponseAfterCommit))
        let paid = try await client.pay(with: PaymentToken("tok_visa"), guest: Self.guest)
        guard case .confirmed(let trip) = paid else {
            Issue.record("expected a confirmation, got \(paid)")
            return
        }
        // The answer was lost after the charge: the client looked, and the
        // ledger has one charge, for the booking it shows.
        #expect(sandbox.transport.requests("POST", "/v1/bookings").count >= 1)
        let ledger = try await sandbox.ledger()
        #expect(ledger.map(\.kind) == [.charge])
        #expect(ledger.first?.bookingID == trip.id)
        #expect(try await sandbox.charges() == 1)
        client.close()
    }

    @Test func aHoldRunsOutWhenTheTestMovesTheClockAndNothingIsCharged() async throws {
        let sandbox = try TestSandbox { $0.holdTTLMilliseconds = 60_000 }
        let client = try sandbox.client()
        await client.launch()
        try await client.hold(try await Self.firstOffer(client))
        sandbox.advance(by: .seconds(61))
        let paid = try await client.pay(with: PaymentToken("tok_visa"), guest: Self.guest)
        switch paid {
        case .expired, .notPaid(.holdEnded, _): break
        default: Issue.record("expected the hold's end, got \(paid)")
        }
        #expect(try await sandbox.charges() == 0)
        client.close()
    }

    @Test func theBanksPageAnsweredInTheTestConfirmsThePaymentOnReturn() async throws {
        let sandbox = try TestSandbox()
        let client = try sandbox.client()
        await client.launch()
        try await client.hold(try await Self.firstOffer(client))
        let paid = try await client.pay(with: PaymentToken("tok_threeDSecureRequired"), guest: Self.guest)
        guard case .needsBankPage(_, let booking) = paid else {
            Issue.record("expected the bank's page, got \(paid)")
            return
        }
        #expect(try await sandbox.charges() == 0)
        try await sandbox.answerBankPage(of: booking, pass: true)
        _ = await client.returnedToApp()
        #expect(try await client.waitUntilAtRest(timeout: .seconds(30)).stage.kind == .confirmed)
        #expect(try await sandbox.charges() == 1)
        client.close()
    }

    @Test func twoClientsOfOneAccountAreTwoDevicesAndAnotherAccountSeesNothing() async throws {
        let sandbox = try TestSandbox()
        let phone = try sandbox.client()
        let laptop = try sandbox.client()
        #expect(phone.configuration.dataDirectory != laptop.configuration.dataDirectory)
        await phone.launch()
        try await phone.hold(try await Self.firstOffer(phone))
        #expect(try await laptop.holdsElsewhere().count == 1)
        let stranger = try sandbox.client(account: "other")
        #expect(try await stranger.holdsElsewhere().isEmpty)
        for client in [phone, laptop, stranger] { client.close() }
    }

    @Test func theRecordingHandlerKeepsWhatItsLevelLetsThrough() async throws {
        let sandbox = try TestSandbox()
        let everything = RecordingLogHandler()
        let warnings = RecordingLogHandler(level: .warning)
        for handler in [everything, warnings] {
            var configuration = sandbox.configuration()
            configuration.logHandler = handler
            let client = try sandbox.client(configuration)
            await client.launch()
            client.close()
        }
        #expect(!everything.records.isEmpty)
        #expect(everything.records.contains { $0.level < .warning })
        #expect(warnings.records.allSatisfy { $0.level >= .warning })
    }
}
