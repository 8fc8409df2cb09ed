import BookingKit
import BookingPrimitives
import BookingTestSupport
import Foundation
import TestSupport
import Testing

/// The countdown reads the runtime's hold clock, the same clock `pay`
/// stamps: moved by hand here, it ticks down, and at zero Pay is stopped to
/// check the hold with the server.
@Suite("BookingClient countdown")
struct CountdownTests {
    @Test("ticks with the runtime's hold clock; a payment past zero checks the hold first, then pays")
    func ticks() async throws {
        let sandbox = try SandboxFixture(route: .loopback)
        let now = Locked(MonotonicInstant.origin.advanced(by: .seconds(1_000)))
        let client = try BookingClient(
            ClientFixture.configuration(sandbox: sandbox),
            dependencies: Dependencies(holdNow: { now.withLock { $0 } }, sleeper: NoSleeper()))
        let fixture = ClientFixture(sandbox: sandbox, client: client)
        await client.launch()
        try await client.hold(try await fixture.firstOffer())
        let held = try await client.waitUntilAtRest(timeout: Poll.defaultTimeout)
        #expect(client.secondsLeft(in: held) == 900)

        var ticks = client.countdown().makeAsyncIterator()
        #expect(await ticks.next() == 900)
        now.withLock { $0 = $0.advanced(by: .seconds(60)) }
        #expect(await ticks.next() == 840)
        now.withLock { $0 = $0.advanced(by: .seconds(841)) }
        #expect(await ticks.next() == 0)

        // Pay at a reading past the countdown: nothing sent first, the hold
        // is checked with the server, which still holds it; then the same
        // call pays it (the app does not tap Pay twice).
        let paying = try await client.pay(with: PaymentToken("tok_visa"), guest: BookingFlow.Samples.guest)
        guard case .confirmed = paying else {
            Issue.record("expected confirmed after the hold was read again, got \(paying)")
            return
        }
        let sent = sandbox.transport.requests.map { "\($0.method) \($0.url.path)" }
        let holdRead = try #require(sent.firstIndex { $0.hasPrefix("GET /v1/holds/") })
        let payment = try #require(sent.firstIndex { $0.hasPrefix("POST /v1/bookings") })
        #expect(holdRead < payment, "\(sent)")
        #expect(sandbox.transport.requests("POST", "/v1/bookings").count == 1)
        #expect(sandbox.transport.requests("GET", "/v1/holds/").count == 1)
        await sandbox.stop()
    }

    /// The countdown reads the hold clock only when its figure can change:
    /// never while nothing is held, once a second while a room is. A 200 ms
    /// display tick (the countdown before) read it 5 times a second either
    /// way: a phone's battery for nothing.
    @Test("wakes once a second while a room is held, never while nothing is")
    func wakesOnlyWhenTheFigureCanChange() async throws {
        let sandbox = try SandboxFixture(route: .inProcess)
        let reads = Locked(0)
        let now = Locked(MonotonicInstant.origin.advanced(by: .seconds(1_000)))
        let holdNow: @Sendable () -> MonotonicInstant = {
            reads.withLock { $0 += 1 }
            return now.withLock { $0 }
        }
        let client = try BookingClient(
            ClientFixture.configuration(sandbox: sandbox),
            dependencies: Dependencies(holdNow: holdNow, sleeper: NoSleeper()))
        let fixture = ClientFixture(sandbox: sandbox, client: client)
        await client.launch()
        var ticks = client.countdown().makeAsyncIterator()
        #expect(await ticks.next() == .some(nil))
        let idle = reads.withLock { $0 }
        // check-no-sleep: allowed (real time is the input: a display tick would read the clock within it)
        try await Task.sleep(for: .seconds(1))
        #expect(reads.withLock { $0 } - idle == 0, "the clock was read while nothing was held")

        try await client.hold(try await fixture.firstOffer())
        _ = try await client.waitUntilAtRest(timeout: Poll.defaultTimeout)
        #expect(await ticks.next() == 900)
        let held = reads.withLock { $0 }
        // check-no-sleep: allowed (real time is the input: one read per second of it)
        try await Task.sleep(for: .seconds(2))
        let heldReads = reads.withLock { $0 } - held
        #expect((1...4).contains(heldReads), "\(heldReads) reads of the hold clock in 2 s while held")
        await sandbox.stop()
    }
}
