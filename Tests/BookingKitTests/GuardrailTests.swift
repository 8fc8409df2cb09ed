import BookingAPI
import BookingCore
import BookingHTTPServer
import BookingKit
import BookingSandbox
import BookingTestSupport
import Foundation
import TestSupport
import Testing

/// The sandbox's guardrail: a kind paused by itself when more than a share
/// of its last bookings were looked up after their POST. A real sandbox
/// over loopback, a `BookingClient` paying one room after another, and the
/// response-drop fault on some booking POSTs (the client never gets the
/// answer, so it looks the payment up by its key).
@Suite struct GuardrailTests {
    @Test func aRisingUnknownShareTurnsTheKindOffForNewPaymentsAndEveryPaymentInFlightSettles() async throws {
        let directory = TemporaryDirectory("guardrail")
        let (handler, listener, port) = try Self.sandbox(in: directory, share: 0.2, window: 10)
        defer { Task { await listener.shutdown() } }
        let transport = FaultInjectingTransport(URLSessionTransport())
        let client = try BookingClient(
            BookingClient.Configuration(
                server: "http://127.0.0.1:\(port)", credential: .apiKey("sk_test_guardrail"),
                dataDirectory: URL(fileURLWithPath: directory.file("client")), transport: transport),
            dependencies: Dependencies(sleeper: NoSleeper()))
        let control = PaymentMethodSwitchControl(handler)
        await client.launch()

        // Ten card payments, the answers of the 4th, 7th and 10th lost after
        // the server committed them: 3 of 10 looked up is above 20%. The
        // 10th is in flight (being looked up) when the guardrail trips.
        var outcomes: [String] = []
        for index in 0..<10 {
            if [3, 6, 9].contains(index) {
                transport.inject(.init("POST", "/v1/bookings", fault: "drop-response-after-commit"))
            }
            let offer = try await Self.offer(client, night: index)
            try await client.hold(offer)
            let result = try await client.pay(with: PaymentToken("tok_visa"), guest: BookingFlow.Samples.guest)
            switch result {
            case .confirmed: outcomes.append("confirmed")
            default: outcomes.append("\(result)")
            }
            _ = try await client.back()
        }
        #expect(outcomes == Array(repeating: "confirmed", count: 10), "\(outcomes)")
        let card = try await control.stats("card")
        #expect(card["bookings"] as? Int == 10)
        #expect(card["lookedUpAfterPost"] as? Int == 3)
        #expect(card["enabled"] as? Bool == false)
        #expect(card["pausedBy"] as? String == "guardrail")
        let reason = try #require(card["reason"] as? String)
        #expect(reason.hasPrefix("Paused by the guardrail: 30% of the last 10 payments"), "\(reason)")

        // A new card payment sends nothing that charges: Pay is disabled with
        // the guardrail's reason (the switch read before Pay), or, when this
        // client read it in the last ten seconds, the server refuses the POST
        // (nothing ran) and Pay is then disabled with that reason.
        try await client.hold(try await Self.offer(client, night: 10))
        do {
            let refused = try await client.pay(with: PaymentToken("tok_visa"), guest: BookingFlow.Samples.guest)
            guard case .failed(.rejected(code: BookingFlow.paymentMethodOffCode)) = refused else {
                Issue.record("a card payment went through past the guardrail: \(refused)")
                return
            }
            _ = try await client.retry()  // the same room, held
        } catch .actionUnavailable(.pay, _, let why) {
            #expect(why == reason)
        } catch {
            Issue.record("unexpected \(error)")
        }
        _ = await PaymentMethodSwitchTests.read(client) { $0.reason(.card) == reason }
        let held = await client.state
        #expect(held.stage.kind == .held)
        #expect(held.actions.first { $0.action == .pay }?.disabledReason == reason)
        #expect(try await control.stats("card")["bookings"] as? Int == 10)
        // Another kind still pays.
        let other = try await client.pay(with: PaymentToken("tok_wallet_visa"), guest: BookingFlow.Samples.guest)
        if case .confirmed = other {} else { Issue.record("the wallet payment did not go through: \(other)") }

        // One charge per key and per hold: 10 cards and the wallet.
        let ledger = try await BookingAPIClient(
            server: try ServerAddress("http://127.0.0.1:\(port)"), apiKey: "sk_test_guardrail",
            transport: URLSessionTransport()
        ).sandboxLedger()
        #expect(ledger.chargeCount == 11)
        #expect(ledger.chargesByIdempotencyKey.values.allSatisfy { $0 == 1 })
        #expect(ledger.chargesByHold.values.allSatisfy { $0 == 1 })

        // The operator switches the kind on again: the window starts anew.
        try await control.set("card", enabled: true)
        #expect(try await control.stats("card")["enabled"] as? Bool == true)
        client.close()
    }

    @Test func paymentsInFlightFromManyAppsSettleWhenTheGuardrailTrips() async throws {
        let directory = TemporaryDirectory("guardrail-many")
        let (handler, listener, port) = try Self.sandbox(in: directory, share: 0.3, window: 6)
        defer { Task { await listener.shutdown() } }
        // Six apps pay at once; the answers of three are lost after the
        // server committed them (3 of 6 looked up: above 30%).
        let outcomes = try await withThrowingTaskGroup(of: String.self) { group in
            for app in 0..<6 {
                group.addTask {
                    let transport = FaultInjectingTransport(URLSessionTransport())
                    if app < 3 { transport.inject(.init("POST", "/v1/bookings", fault: "drop-response-after-commit")) }
                    let client = try BookingClient(
                        BookingClient.Configuration(
                            server: "http://127.0.0.1:\(port)", credential: .apiKey("sk_test_app\(app)"),
                            dataDirectory: URL(fileURLWithPath: directory.file("app\(app)")), transport: transport),
                        dependencies: Dependencies(sleeper: NoSleeper()))
                    defer { client.close() }
                    await client.launch()
                    try await client.hold(try await Self.offer(client, night: app))
                    let result: PaymentResult
                    do throws(BookingClientError) {
                        result = try await client.pay(with: PaymentToken("tok_visa"), guest: BookingFlow.Samples.guest)
                    } catch .actionUnavailable(.pay, _, _) {
                        return "paused before it was sent"
                    }
                    switch result {
                    case .confirmed: return "confirmed"
                    case .failed(.rejected(code: BookingFlow.paymentMethodOffCode)): return "not paid"
                    default: return "\(result)"
                    }
                }
            }
            return try await group.reduce(into: [String]()) { $0.append($1) }
        }
        // Every payment settled: confirmed, or certainly not paid; none left being checked.
        #expect(
            outcomes.allSatisfy { ["confirmed", "not paid", "paused before it was sent"].contains($0) }, "\(outcomes)")
        let card = try await PaymentMethodSwitchControl(handler).stats("card")
        #expect(card["pausedBy"] as? String == "guardrail", "\(card)")
        // One charge at most per key and per hold; one for each confirmation.
        var charges = 0
        for app in 0..<6 {
            let ledger = try await BookingAPIClient(
                server: try ServerAddress("http://127.0.0.1:\(port)"), apiKey: "sk_test_app\(app)",
                transport: URLSessionTransport()
            ).sandboxLedger()
            #expect(ledger.chargesByIdempotencyKey.values.allSatisfy { $0 == 1 })
            #expect(ledger.chargesByHold.values.allSatisfy { $0 == 1 })
            charges += ledger.chargeCount
        }
        #expect(charges == outcomes.filter { $0 == "confirmed" }.count)
        #expect(charges >= 3)  // the three looked up were made before the pause, and settle
        print("GuardrailTests: six apps at once: \(outcomes.sorted()), \(charges) charges")
    }

    /// A sandbox over loopback whose guardrail pauses a kind above `share` of its last `window` bookings.
    static func sandbox(in directory: TemporaryDirectory, share: Double, window: Int) throws
        -> (SandboxHandler, HTTPListener, UInt16)
    {
        var configuration = SandboxConfiguration(databasePath: directory.file("sandbox/sandbox.sqlite"))
        configuration.guardrail = GuardrailSettings(unknownShare: share, window: window)
        let handler = try SandboxHandler(configuration: configuration)
        let listener = HTTPListener(handler: handler)
        return (handler, listener, try listener.start())
    }

    /// The first Lisbon offer for the two nights starting `2 * night` nights after 10 January 2027.
    static func offer(_ client: BookingClient, night: Int) async throws -> Offer {
        let start = try #require(CalendarDate("2027-01-10")).daysSince1970 + 2 * night
        let page = try await client.offers(
            at: "plc_lisbon", checkIn: try #require(CalendarDate(daysSince1970: start)),
            checkOut: try #require(CalendarDate(daysSince1970: start + 2)), guests: 2)
        return try #require(page.items.first)
    }
}
