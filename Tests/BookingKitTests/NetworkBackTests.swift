import BookingAPI
import BookingKit
import BookingPrimitives
import BookingTestSupport
import Foundation
import Testing

/// A payment whose answer was lost while the device went offline: its
/// lookups cannot reach the server and the next one waits out a back-off.
/// When the platform's network watch (Apple's `NWPathMonitor`, here a
/// stand-in through the seam) or the app says the network is back, or the
/// app comes back to the foreground, the payment is asked about at once and
/// its booking found:
/// confirmed, one charge, no second payment. The flow's back-off waits
/// never end on their own here (time stands still), so only the event can
/// move it. In-process and over real HTTP on loopback.
@Suite(.hangLimit) struct NetworkBackTests {
    /// The device's network: it goes off as the payment's answer is lost
    /// (the payment itself reached the server), and every request then
    /// fails before it leaves (`notConnected`), as with no network at all.
    final class Network: Transport, Sendable {
        let base: any Transport
        let isOff = Locked(false)

        init(_ base: any Transport) { self.base = base }

        func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
            if isOff.withLock({ $0 }) { throw TransportError(.notConnected, "the test's network is off") }
            guard request.method == "POST", request.url.path == "/v1/bookings" else {
                return try await base.send(request)
            }
            defer { isOff.withLock { $0 = true } }
            return try await base.send(request)
        }
    }

    /// The platform's word on the network, reported when the test says.
    final class PathReports: NetworkWatch, Sendable {
        let changed = Locked<(@Sendable (Bool) -> Void)?>(nil)
        let stopped = Locked(false)

        func start(_ changed: @escaping @Sendable (Bool) -> Void) -> @Sendable () -> Void {
            self.changed.withLock { $0 = changed }
            changed(true)  // the current path first
            return { [stopped] in stopped.withLock { $0 = true } }
        }

        func report(_ isOnline: Bool) { changed.withLock { $0 }?(isOnline) }
    }

    @Test(arguments: SandboxFixture.Route.allCases, ["pathMonitor", "cameOnline", "returnedToApp"])
    func aPaymentCheckedOfflineIsAskedAboutAtOnceWhenTheNetworkIsBack(
        route: SandboxFixture.Route, event: String
    ) async throws {
        let sandbox = try SandboxFixture(route: route)
        let network = Network(sandbox.transport)
        var configuration = ClientFixture.configuration(sandbox: sandbox)
        configuration.transport = network
        // Waits up to zero end at once; every back-off waits until cancelled.
        var seams = BookingClient.Seams(dependencies: Dependencies(sleeper: NoSleeper(immediateLimit: .zero)))
        let path = PathReports()
        seams.networkWatch = path
        let client = try BookingClient(configuration, seams: seams)
        let fixture = ClientFixture(sandbox: sandbox, client: client)
        await client.launch()
        guard case .held = try await client.hold(try await fixture.firstOffer()) else {
            Issue.record("the room was not held")
            return
        }
        // The payment runs on the server; its answer is lost, and the device
        // goes offline before it can look it up.
        sandbox.transport.inject(.init("POST", "/v1/bookings", fault: "drop-response-after-commit"))
        let paying = Task { try await client.pay(with: PaymentToken("tok_visa"), guest: BookingFlow.Samples.guest) }
        let checking = try await client.wait(timeout: .seconds(30)) {
            if case .unknown(let unknown) = $0.stage { return unknown.isUnreachable }
            return false
        }
        #expect(checking.stage.kind == .unknown)
        if event == "pathMonitor" {
            path.report(false)
            #expect(try await client.wait(timeout: .seconds(30)) { !$0.isOnline }.isOnline == false)
        }

        network.isOff.withLock { $0 = false }
        if event == "pathMonitor" {
            path.report(true)
        } else if event == "cameOnline" {
            await client.networkChanged(isOnline: true)
        } else {
            await client.returnedToApp()
        }
        let settled = try await client.wait(timeout: .seconds(30)) { $0.stage.kind == .confirmed }
        #expect(settled.stage.kind == .confirmed)
        _ = try await paying.value
        #expect(sandbox.transport.requests("POST", "/v1/bookings").count == 1, "no second payment")
        #expect(try await sandbox.client(sleeper: NoSleeper()).sandboxLedger().chargeCount == 1)
        client.close()
        #expect(path.stopped.withLock { $0 }, "the watch outlived the client")
        await sandbox.stop()
    }

    @Test func payIsDisabledWhileThePlatformSaysThereIsNoNetwork() async throws {
        let sandbox = try SandboxFixture(route: .inProcess)
        var seams = BookingClient.Seams(dependencies: Dependencies(sleeper: NoSleeper()))
        let path = PathReports()
        seams.networkWatch = path
        let client = try BookingClient(ClientFixture.configuration(sandbox: sandbox), seams: seams)
        let fixture = ClientFixture(sandbox: sandbox, client: client)
        await client.launch()
        await client.setGuest(BookingFlow.Samples.guest)  // the checkout form, filled in
        guard case .held = try await client.hold(try await fixture.firstOffer()) else {
            Issue.record("the room was not held")
            return
        }
        let held = await client.state
        #expect(held.enabledActions.contains(.pay), "\(held.actions)")
        path.report(false)  // the app said nothing: the platform did
        let offline = try await client.wait(timeout: .seconds(30)) { !$0.isOnline }
        #expect(!offline.enabledActions.contains(.pay))
        #expect(offline.actions.first { $0.action == .pay }?.disabledReason != nil)
        path.report(true)
        let online = try await client.wait(timeout: .seconds(30)) { $0.isOnline }
        #expect(online.enabledActions.contains(.pay))
        await sandbox.stop()
    }
}
