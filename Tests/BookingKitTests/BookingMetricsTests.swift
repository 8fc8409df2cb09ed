import BookingAPI
import BookingCore
import BookingKit
import BookingTestSupport
import Dispatch
import Foundation
import TestSupport
import Testing

/// The metrics an app sets in its configuration: how each payment session
/// ends, over the real sandbox on loopback, and a handler that never
/// returns never holding a payment up.
@Suite struct BookingMetricsTests {
    /// Keeps every report; `wait` until there are `count`.
    final class Recording: BookingMetrics {
        let reports = Watched<[BookingSessionOutcome]>([])

        func sessionEnded(_ session: BookingSessionOutcome) { reports.change { $0.append(session) } }

        func wait(for count: Int) async -> [BookingSessionOutcome] {
            await reports.wait { $0.count >= count } ?? []
        }
    }

    /// Blocks the first report until `release()`; keeps the rest.
    final class Blocking: BookingMetrics {
        let entered = Watched(0)
        let gate = DispatchSemaphore(value: 0)

        func sessionEnded(_ session: BookingSessionOutcome) {
            let first = entered.change { count -> Bool in
                count += 1
                return count == 1
            }
            if first { gate.wait() }
        }

        func release() { gate.signal() }
    }

    /// A launched client reporting to `metrics`, on a sandbox of its own
    /// over loopback (`fixture.sandbox`, for the test to stop).
    static func launched(metrics: any BookingMetrics) async throws -> ClientFixture {
        let sandbox = try SandboxFixture(route: .loopback)
        var configuration = ClientFixture.configuration(sandbox: sandbox)
        configuration.metrics = metrics
        let fixture = ClientFixture(
            sandbox: sandbox,
            client: try BookingClient(configuration, dependencies: Dependencies(sleeper: NoSleeper())))
        await fixture.client.launch()
        return fixture
    }

    /// Holds the first offer and pays it with a card the bank declines.
    static func holdAndBeDeclined(_ fixture: ClientFixture) async throws {
        try await fixture.client.hold(try await fixture.firstOffer())
        let paid = try await fixture.client.pay(
            with: PaymentToken("tok_chargeDeclined"), guest: BookingFlow.Samples.guest)
        #expect(paid == .declined)
    }

    @Test func aDeclineIsReportedFailedAndALostAnswerPaymentConfirmedThroughUnknown() async throws {
        let metrics = Recording()
        let fixture = try await Self.launched(metrics: metrics)
        defer { Task { await fixture.sandbox.stop() } }
        try await Self.holdAndBeDeclined(fixture)
        let first = await metrics.wait(for: 1)
        #expect(first.count == 1)
        #expect(first.first?.finalStage == "failed")
        #expect(first.first?.passedThroughUnknown == false)
        #expect(first.first?.paymentMethod == .card)

        _ = try await fixture.client.retry()
        fixture.sandbox.transport.inject(.init("POST", "/v1/bookings", fault: "drop-response-after-commit"))
        _ = try await fixture.client.pay(with: PaymentToken("tok_visa"), guest: BookingFlow.Samples.guest)
        #expect(try await fixture.client.waitUntilAtRest(timeout: Poll.defaultTimeout).stage.kind == .confirmed)
        let both = await metrics.wait(for: 2)
        #expect(both.count == 2)
        #expect(both.last?.finalStage == "confirmed")
        #expect(both.last?.passedThroughUnknown == true)
        #expect((both.last?.timeToOutcome ?? .seconds(-1)) >= .zero)
        #expect(Set(both.map(\.attemptID)).count == 2)
    }

    @Test func aWalletPaymentIsReportedAsAWallet() async throws {
        let metrics = Recording()
        let fixture = try await Self.launched(metrics: metrics)
        defer { Task { await fixture.sandbox.stop() } }
        _ = await fixture.client.refreshPaymentMethods()  // the sandbox switches wallets on
        try await fixture.client.hold(try await fixture.firstOffer())
        guard
            case .confirmed = try await fixture.client.pay(
                with: PaymentToken("tok_wallet_visa"), guest: BookingFlow.Samples.guest)
        else {
            Issue.record("the wallet payment did not confirm: \(await fixture.client.state.stage.name)")
            return
        }
        let reports = await metrics.wait(for: 1)
        #expect(reports.first?.paymentMethod == .wallet)
        #expect(reports.first?.finalStage == "confirmed")
    }

    @Test func aHandlerThatNeverReturnsNeverHoldsUpTheNextPayment() async throws {
        let metrics = Blocking()
        defer { metrics.release() }
        let fixture = try await Self.launched(metrics: metrics)
        defer { Task { await fixture.sandbox.stop() } }
        try await Self.holdAndBeDeclined(fixture)
        // The handler now sits on the decline's report and does not return.
        #expect(await metrics.entered.wait { $0 >= 1 } == 1)
        _ = try await fixture.client.retry()
        guard
            case .confirmed = try await fixture.client.pay(
                with: PaymentToken("tok_visa"), guest: BookingFlow.Samples.guest)
        else {
            Issue.record("the payment did not confirm while the metrics handler was blocked")
            return
        }
        #expect(await fixture.client.state.stage.kind == .confirmed)
        #expect(metrics.entered.value == 1, "the next report waits behind the blocked one")
        metrics.release()
        #expect(await metrics.entered.wait { $0 >= 2 } == 2)
    }
}
