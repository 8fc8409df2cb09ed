import BookingAPI
import BookingCore
import BookingKit
import BookingStore
import BookingTestSupport
import Foundation
import TestSupport
import Testing

/// The server's payment-method switch (`GET /v1/payment-methods`) seen by
/// an app: `BookingClient` over loopback against the real sandbox.
@Suite struct PaymentMethodSwitchTests {
    @Test func aKindSwitchedOffShowsPayDisabledWithTheReasonAndSendsNothing() async throws {
        let fixture = try ClientFixture()
        defer { Task { await fixture.sandbox.stop() } }
        let control = PaymentMethodSwitchControl(fixture.sandbox.handler)
        let reason = "Cards are paused while we look into a fault."
        #expect(try await control.set("card", enabled: false, reason: reason) == 200)
        let client = fixture.client
        await client.launch()
        try await client.hold(try await fixture.firstOffer())
        #expect(await Self.read(client) { $0.reason(.card) == reason }.reason(.card) == reason)
        // The held screen: Pay disabled with the server's reason, as offline disables it.
        let held = await client.state
        guard case .held = held.stage else {
            Issue.record("expected held, got \(held.stage.name)")
            return
        }
        let pay = try #require(held.actions.first { $0.action == .pay })
        #expect(!pay.isEnabled)
        #expect(pay.disabledReason == reason)
        do {
            try await client.pay(with: PaymentToken("tok_visa"), guest: BookingFlow.Samples.guest)
            Issue.record("a payment with a kind switched off was accepted")
        } catch .actionUnavailable(.pay, _, let why) {
            #expect(why == reason)
        } catch {
            Issue.record("unexpected \(error)")
        }
        // Nothing sent: no booking POST reached the sandbox, nothing charged.
        #expect(fixture.sandbox.transport.requests("POST", "/v1/bookings").isEmpty)
        #expect(try await control.keyedEndpoints().contains("POST /v1/bookings") == false)
        #expect(try await fixture.sandbox.client().sandboxLedger().chargeCount == 0)
        // Another kind still pays: the 3-D Secure path is on.
        #expect(await client.choosePaymentMethod(.threeDSecure).actions.first { $0.action == .pay }?.isEnabled == true)
        // Switched on again: read again (Pay reuses a read of the last ten seconds), it pays.
        try await control.set("card", enabled: true)
        #expect(await Self.read(client) { $0.reason(.card) == nil }.reason(.card) == nil)
        let paid = try await client.pay(with: PaymentToken("tok_visa"), guest: BookingFlow.Samples.guest)
        if case .confirmed = paid {} else { Issue.record("expected a confirmation, got \(paid)") }
    }

    @Test func aStaleClientIsRefusedByTheServerWithNothingChargedAndTheRoomKept() async throws {
        let fixture = try ClientFixture()
        defer { Task { await fixture.sandbox.stop() } }
        let control = PaymentMethodSwitchControl(fixture.sandbox.handler)
        // The wall clock stands still, so the read below is as fresh at Pay
        // however long a loaded machine takes to get there (a read is
        // reused for ten seconds; a stall past them made Pay read again).
        let readAt = Date()
        let client = try BookingClient(
            ClientFixture.configuration(sandbox: fixture.sandbox),
            dependencies: Dependencies(now: { readAt }, sleeper: NoSleeper()))
        await client.launch()
        try await client.hold(try await fixture.firstOffer())
        // Read just now (card on): the next Pay within ten seconds reads nothing.
        #expect(await Self.read(client) { $0.source == .server }.reason(.card) == nil)
        try await control.set("card", enabled: false, reason: "Cards are off.")
        let result = try await client.pay(with: PaymentToken("tok_visa"), guest: BookingFlow.Samples.guest)
        guard case .failed(.rejected(code: BookingFlow.paymentMethodOffCode)) = result else {
            Issue.record("expected the switch's refusal, got \(result)")
            return
        }
        // Certain, not unknown: one POST, no lookup, nothing charged.
        #expect(fixture.sandbox.transport.requests("POST", "/v1/bookings").count == 1)
        #expect(fixture.sandbox.transport.requests("GET", "/v1/bookings").filter { $0.url.query != nil }.isEmpty)
        #expect(try await fixture.sandbox.client().sandboxLedger().chargeCount == 0)
        #expect(try await control.stats("card")["refusedBySwitch"] as? Int == 1)
        let failed = await client.state
        #expect(
            failed.message
                == "This way of paying is switched off for now. Nothing was charged. The room is still held for you.")
        // The room is kept: Retry on the same hold shows Pay disabled with the kind's reason.
        _ = try await client.retry()
        let held = await client.state
        guard case .held = held.stage else {
            Issue.record("expected held again, got \(held.stage.name)")
            return
        }
        #expect(held.actions.first { $0.action == .pay }?.isEnabled == false)
    }

    @Test func aPaymentInFlightWhenTheSwitchFlipsStillSettles() async throws {
        let fixture = try ClientFixture()
        defer { Task { await fixture.sandbox.stop() } }
        let control = PaymentMethodSwitchControl(fixture.sandbox.handler)
        let client = fixture.client
        let (url, booking) = try await fixture.waitingAtTheBanksPage()
        // The operator switches 3-D Secure off while this payment waits at the bank.
        try await control.set("threeDSecure", enabled: false, reason: "3-D Secure is paused.")
        try await ClientFixture.answerChallenge(url.absoluteString, pass: true)
        _ = try await client.returnedFromBank(for: booking)
        let settled = try await client.waitUntilAtRest(timeout: Poll.defaultTimeout)
        guard case .confirmed = settled.stage else {
            Issue.record("the payment in flight did not settle: \(settled.stage.name)")
            return
        }
        #expect(try await fixture.sandbox.client().sandboxLedger().chargeCount == 1)
    }

    @Test func aClientThatNeverHeardPaysByCardButNotByWallet() async throws {
        let fixture = try ClientFixture()
        defer { Task { await fixture.sandbox.stop() } }
        // The switch cannot be read: every answer to it is lost on the way
        // (the sandbox's switch answers no 500: this fault once did nothing
        // here, unseen while no read came before the wallet's check).
        fixture.sandbox.transport.inject(
            .init("GET", "/v1/payment-methods", fault: "drop-response-after-commit", times: 1_000))
        let client = fixture.client
        #expect(client.paymentMethods == .neverHeard)
        await client.launch()
        try await client.hold(try await fixture.firstOffer())
        #expect(
            await client.choosePaymentMethod(.wallet).actions.first { $0.action == .pay }?.disabledReason
                == PaymentMethods.notYetReason)
        let paid = try await client.pay(with: PaymentToken("tok_visa"), guest: BookingFlow.Samples.guest)
        if case .confirmed = paid {} else { Issue.record("expected a card payment to go through, got \(paid)") }
    }

    @Test func theLastValueIsSavedOnceAndReadByTheNextClient() async throws {
        let fixture = try ClientFixture()
        defer { Task { await fixture.sandbox.stop() } }
        let control = PaymentMethodSwitchControl(fixture.sandbox.handler)
        try await control.set("wallet", enabled: false, reason: "Wallets are paused.")
        _ = await Self.read(fixture.client) { $0.reason(.wallet) == "Wallets are paused." }
        let cache = try CacheDatabase(directory: fixture.sandbox.clientDirectory)
        let saved = try cache.paymentMethodSwitches.rows(server: fixture.sandbox.server.description)
        #expect(saved.first { $0.kind == "wallet" }?.reason == "Wallets are paused.")
        // A second read of the same switch rewrites no row: only the time of
        // the read moves (what lets the next process skip its own).
        let checked = try #require(saved.first?.checkedAt)
        _ = await fixture.client.refreshPaymentMethods()
        let again = try cache.paymentMethodSwitches.rows(server: fixture.sandbox.server.description)
        #expect(
            again.map { [$0.kind, "\($0.enabled)", $0.reason ?? "", "\($0.changedAt)", "\($0.readAt)"] }
                == saved.map { [$0.kind, "\($0.enabled)", $0.reason ?? "", "\($0.changedAt)", "\($0.readAt)"] })
        #expect(again.allSatisfy { ($0.checkedAt ?? 0) >= checked })
        // The next process, with the server unreachable for the switch, keeps the saved value.
        fixture.client.close()
        fixture.sandbox.transport.inject(
            .init("GET", "/v1/payment-methods", fault: "drop-response-after-commit", times: 1_000))
        let next = try ClientFixture.client(sandbox: fixture.sandbox)
        #expect(next.paymentMethods.source == .saved)
        #expect(await next.refreshPaymentMethods().reason(.wallet) == "Wallets are paused.")
    }

    @Test func aRestoredHeldScreenShowsTheSwitchWhenLaunchReturns() async throws {
        let fixture = try ClientFixture()
        defer { Task { await fixture.sandbox.stop() } }
        let control = PaymentMethodSwitchControl(fixture.sandbox.handler)
        await fixture.client.launch()
        try await fixture.client.hold(try await fixture.firstOffer())
        fixture.client.close()
        // The next run restores the held room; the switch, now off for
        // cards, answers in 300 ms, after the launch's settling (one GET of
        // the hold) is done.
        try await control.set("card", enabled: false, reason: "Cards are paused.")
        fixture.sandbox.transport.inject(.init("GET", "/v1/payment-methods", fault: "delay-ms=300", times: 1))
        let readsBefore = fixture.sandbox.transport.requests("GET", "/v1/payment-methods").count
        // Its bounds are long: this is about what the launch waits for, not
        // the 2-s bounds, which a loaded machine can spend before the read.
        // Its wall clock is past the max age of the read the hold made.
        let later = Date().addingTimeInterval(6 * 60)
        let next = try BookingClient(
            ClientFixture.configuration(sandbox: fixture.sandbox, launchBound: Poll.defaultTimeout),
            seams: BookingClient.Seams(
                dependencies: Dependencies(now: { later }, sleeper: NoSleeper()),
                paymentMethodsReadBound: Poll.defaultTimeout))
        let report = await next.launch()
        // The read is part of the launch: the screen it returns already
        // shows Pay disabled with the server's reason (the read was once
        // left behind the launch, untracked, and landed later).
        guard case .held = report.state.stage else {
            Issue.record("expected the held room restored, got \(report.state.stage.name)")
            return
        }
        let pay = try #require(await next.state.actions.first { $0.action == .pay })
        #expect(pay.disabledReason == "Cards are paused.")
        #expect(fixture.sandbox.transport.requests("GET", "/v1/payment-methods").count == readsBefore + 1)
    }

    @Test func aReadSavedByOneProcessServesTheNextWithinItsMaxAgeAndNotAfter() async throws {
        // Long bounds for every client: this is about the saved read, not
        // the 2-s bounds. A loaded machine spent them before the hold's read
        // landed; that read went on and was saved after its client closed,
        // and the next process read again.
        let sandbox = try SandboxFixture(route: .loopback)
        let fixture = ClientFixture(
            sandbox: sandbox,
            client: try BookingClient(
                ClientFixture.configuration(sandbox: sandbox, launchBound: Poll.defaultTimeout),
                seams: BookingClient.Seams(paymentMethodsReadBound: Poll.defaultTimeout)))
        defer { Task { await fixture.sandbox.stop() } }
        let control = PaymentMethodSwitchControl(fixture.sandbox.handler)
        try await control.set("wallet", enabled: false, reason: "Wallets are paused.")
        // The room held: its screen reads the switch (one GET), saved with its time.
        await fixture.client.launch()
        try await fixture.client.hold(try await fixture.firstOffer())
        #expect(fixture.sandbox.transport.requests("GET", "/v1/payment-methods").count == 1)
        fixture.client.close()
        // The next process, a minute later: its launch and its Pay use the
        // saved read (the wallet still shown off), and send one request
        // besides the hold's read: the payment.
        let minuteLater = Date().addingTimeInterval(60)
        let payer = try BookingClient(
            ClientFixture.configuration(sandbox: fixture.sandbox, launchBound: Poll.defaultTimeout),
            seams: BookingClient.Seams(
                dependencies: Dependencies(now: { minuteLater }, sleeper: NoSleeper()),
                paymentMethodsReadBound: Poll.defaultTimeout))
        await payer.launch()
        #expect(payer.paymentMethods.reason(.wallet) == "Wallets are paused.")
        let paid = try await payer.pay(with: PaymentToken("tok_visa"), guest: BookingFlow.Samples.guest)
        if case .confirmed = paid {} else { Issue.record("expected a confirmation, got \(paid)") }
        #expect(fixture.sandbox.transport.requests("GET", "/v1/payment-methods").count == 1)
        payer.close()
        // Past the max age (5 minutes by default), a launch reads it again.
        let sixMinutesLater = Date().addingTimeInterval(6 * 60)
        let later = try BookingClient(
            ClientFixture.configuration(sandbox: fixture.sandbox, launchBound: Poll.defaultTimeout),
            seams: BookingClient.Seams(
                dependencies: Dependencies(now: { sixMinutesLater }, sleeper: NoSleeper()),
                paymentMethodsReadBound: Poll.defaultTimeout))
        await later.launch()
        try await later.hold(
            try await ClientFixture(sandbox: fixture.sandbox, client: later).firstOffer(), bookingAgain: true)
        #expect(fixture.sandbox.transport.requests("GET", "/v1/payment-methods").count == 2)
    }

    /// Reads the switch until `done` holds, at most ten times: on a loaded
    /// machine one read may outlast its 2-s bound (the value then comes from
    /// the cache), and the next read is a new request, bounded the same way.
    static func read(_ client: BookingClient, until done: (PaymentMethods) -> Bool) async -> PaymentMethods {
        var value = await client.refreshPaymentMethods()
        for _ in 0..<9 where !done(value) {
            value = await client.refreshPaymentMethods()
        }
        return value
    }
}
