import BookingKit
import BookingPrimitives
import BookingTestSupport
import Foundation
import TestSupport
import Testing

/// `pay(with:bankPage:)` pays through to an outcome an app can show: a
/// declined room is kept by Pay itself, and the bank's 3-D Secure page is
/// presented by the app's handler, its answer read from the server. Over
/// real HTTP on loopback to the sandbox.
@Suite("Paying through", .hangLimit)
struct PayThroughTests {
    @Test("after a declined card, Pay with another card keeps the room and pays it: one hold, one charge")
    func payAfterDecline() async throws {
        let fixture = try ClientFixture()
        await fixture.client.launch()
        try await fixture.client.hold(try await fixture.firstOffer())
        #expect(
            try await fixture.client.pay(with: PaymentToken("tok_chargeDeclined"), guest: BookingFlow.Samples.guest)
                == .declined)
        let paid = try await fixture.client.pay(with: PaymentToken("tok_visa"), guest: BookingFlow.Samples.guest)
        guard case .confirmed(let trip) = paid else {
            Issue.record("expected confirmed, got \(paid)")
            return
        }
        #expect(trip.isSavedOnDevice)
        #expect(fixture.sandbox.transport.requests("POST", "/v1/holds").count == 1)
        let keys = fixture.sandbox.transport.requests("POST", "/v1/bookings").compactMap {
            $0.headers["Idempotency-Key"]
        }
        #expect(keys.count == 2 && Set(keys).count == 2, "a new key for the second card: \(keys)")
        await fixture.sandbox.stop()
    }

    @Test("a bank page handler: presented once, answered, and pay returns the confirmed trip")
    func bankPageAnswered() async throws {
        let fixture = try ClientFixture()
        await fixture.client.launch()
        try await fixture.client.hold(try await fixture.firstOffer())
        let presented = Locked<[BookingID]>([])
        let page = BankPage { url, booking in
            presented.withLock { $0.append(booking) }
            try? await ClientFixture.answerChallenge(url.absoluteString, pass: true)
        }
        let result = try await fixture.client.pay(
            with: PaymentToken("tok_threeDSecureRequired"), bankPage: page, guest: BookingFlow.Samples.guest)
        guard case .confirmed(let trip) = result else {
            Issue.record("expected confirmed, got \(result)")
            return
        }
        #expect(presented.withLock { $0 } == [trip.id])
        await fixture.sandbox.stop()
    }

    @Test("a page failed by the bank is the booking's failure, said by the server; nothing presented twice")
    func bankPageFailed() async throws {
        let fixture = try ClientFixture()
        await fixture.client.launch()
        try await fixture.client.hold(try await fixture.firstOffer())
        let presented = Locked(0)
        let page = BankPage { url, _ in
            presented.withLock { $0 += 1 }
            try? await ClientFixture.answerChallenge(url.absoluteString, pass: false)
        }
        let result = try await fixture.client.pay(
            with: PaymentToken("tok_threeDSecureRequired"), bankPage: page, guest: BookingFlow.Samples.guest)
        switch result {
        case .declined, .failed: break
        default: Issue.record("expected the bank's refusal, got \(result)")
        }
        #expect(presented.withLock { $0 } == 1)
        await fixture.sandbox.stop()
    }

    @Test("a person answering late: patience checks again until the server says confirmed; none gives up")
    func patience() async throws {
        for patient in [false, true] {
            let fixture = try ClientFixture()
            await fixture.client.launch()
            try await fixture.client.hold(try await fixture.firstOffer())
            let client = fixture.client
            // The person answers only once the flow's own polls have ended.
            let page = BankPage(patience: patient ? .seconds(600) : .zero) { url, _ in
                Task {
                    while true {
                        if case .processing(let stage) = await client.state.stage, stage.isStillChecking { break }
                        await Task.yield()
                    }
                    try? await ClientFixture.answerChallenge(url.absoluteString, pass: true)
                }
            }
            let result = try await client.pay(
                with: PaymentToken("tok_threeDSecureRequired"), bankPage: page, guest: BookingFlow.Samples.guest)
            if patient {
                guard case .confirmed = result else {
                    Issue.record("expected confirmed, got \(result)")
                    return
                }
            } else {
                guard case .stillBeingChecked(.stillProcessing) = result else {
                    Issue.record("expected stillProcessing without patience, got \(result)")
                    return
                }
            }
            await fixture.sandbox.stop()
        }
    }

    @Test("the page is presented only once the flow opened it: a crash before it never leaves a page answered")
    func presentedAfterTheFlowOpensIt() async throws {
        let sandbox = try SandboxFixture(route: .loopback)
        let steps = Watched<[String]>([])
        let gate = Watched(false)
        let client = try BookingClient(
            ClientFixture.configuration(sandbox: sandbox),
            seams: BookingClient.Seams(
                dependencies: Dependencies(sleeper: NoSleeper()),
                boundaryHook: { boundary in
                    guard boundary.description == "before openChallenge" else { return true }
                    steps.change { $0.append("the flow opens the page") }
                    _ = await gate.wait { $0 }
                    return true
                }))
        let fixture = ClientFixture(sandbox: sandbox, client: client)
        await client.launch()
        try await client.hold(try await fixture.firstOffer())
        let page = BankPage { url, _ in
            steps.change { $0.append("the page is presented") }
            try? await ClientFixture.answerChallenge(url.absoluteString, pass: true)
        }
        let paying = Task {
            try await client.pay(
                with: PaymentToken("tok_threeDSecureRequired"), bankPage: page, guest: BookingFlow.Samples.guest)
        }
        _ = await steps.wait { $0.contains("the flow opens the page") }
        // While the flow has not opened the page, it is not presented
        // (before, it was, within milliseconds of the payment's answer).
        // check-no-sleep: real time (a page must not be presented while the flow's effect is held back)
        let early = await Poll.until(timeout: .milliseconds(300)) { steps.value.count > 1 }
        #expect(!early, "\(steps.value)")
        gate.change { $0 = true }
        let result = try await paying.value
        guard case .confirmed = result else {
            Issue.record("expected confirmed, got \(result)")
            return
        }
        #expect(steps.value == ["the flow opens the page", "the page is presented"])
        await sandbox.stop()
    }

    @Test("a payment restored at its bank page: waitForPayment(bankPage:) presents it again and confirms, sent once")
    func restoredBankPage() async throws {
        let fixture = try ClientFixture()
        _ = try await fixture.waitingAtTheBanksPage()
        fixture.client.close()
        let relaunched = try ClientFixture.client(sandbox: fixture.sandbox)
        await relaunched.launch()
        let page = BankPage { url, _ in try? await ClientFixture.answerChallenge(url.absoluteString, pass: true) }
        let result = await relaunched.waitForPayment(bankPage: page)
        guard case .confirmed? = result else {
            Issue.record("expected confirmed, got \(String(describing: result))")
            return
        }
        #expect(fixture.sandbox.transport.requests("POST", "/v1/bookings").count == 1)
        await fixture.sandbox.stop()
    }
}
