import BookingAPI
import BookingCore
import BookingKit
import BookingTestSupport
import Foundation
import TestSupport
import Testing

/// The saved hold anchor is read: a new process on the same boot shows the
/// countdown at once (never more time than the server granted), then takes
/// the server's time; on another boot it says the time is being checked.
/// Real HTTP over loopback to the sandbox, real SQLite files.
@Suite struct RestoredHoldCountdownTests {
    /// Never answers: each request waits until it is cancelled (the
    /// client's own timeout), so nothing from the server reaches the flow.
    struct SilentTransport: Transport {
        func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
            let (never, _) = AsyncStream<Void>.makeStream()
            for await _ in never {}
            throw .timedOut
        }
    }

    /// A held attempt in the fixture's data directory, its hold granted for 15 minutes.
    static func heldAttempt() async throws -> ClientFixture {
        let fixture = try ClientFixture()
        await fixture.client.launch()
        try await fixture.client.hold(try await fixture.firstOffer())
        let held = try await fixture.client.waitUntilAtRest(timeout: Poll.defaultTimeout)
        #expect(held.stage.kind == .held)
        return fixture
    }

    static func runtime(
        _ fixture: ClientFixture, transport: any Transport,
        bootReading: @escaping @Sendable () -> BootClock.Reading? = { BootClock.current() }
    ) throws -> BookingRuntime {
        let api = BookingAPIClient(
            server: fixture.sandbox.server, apiKey: "sk_test_test", transport: transport, sleeper: NoSleeper())
        return try BookingRuntime(
            directory: fixture.sandbox.clientDirectory, api: api,
            dependencies: Dependencies(bootReading: bootReading, sleeper: NoSleeper()))
    }

    @Test func onTheSameBootTheCountdownShowsAtOnceWithNoMoreTimeThanGranted() async throws {
        guard BootClock.current() != nil else { return }  // a platform with no boot clock: nothing saved to read
        let fixture = try await Self.heldAttempt()
        let runtime = try Self.runtime(fixture, transport: SilentTransport())
        let restored = try await runtime.restore()
        guard case .held(let held) = restored.stage else {
            Issue.record("expected held at once, got \(restored.stage.name): \(restored.message ?? "")")
            return
        }
        let left = held.countdown.remaining(at: runtime.holdNow())
        #expect(left > .seconds(14 * 60) && left <= .seconds(15 * 60), "\(left) left")
        #expect(restored.message == "Pay before the countdown ends.")
        // Pay waits for the guest's details (the app's form gives them again).
        #expect(restored.actions.first == .disabled(.pay, because: BookingFlow.guestMissingReason))
        let filled = await runtime.flow.send(.guestEntered(BookingFlow.Samples.guest))
        #expect(filled.actions.first == .enabled(.pay))
        await fixture.sandbox.stop()
    }

    @Test func theServersAnswerCorrectsTheRestoredCountdown() async throws {
        guard BootClock.current() != nil else { return }
        let fixture = try await Self.heldAttempt()
        // The server's time moves 5 minutes on; the device's does not.
        fixture.sandbox.clock.advance(seconds: 300)
        let runtime = try Self.runtime(fixture, transport: fixture.sandbox.transport)
        let stream = await runtime.flow.states()
        let restored = try await runtime.restore()
        let restoredLeft = restored.countdown?.expiresIn
        #expect(restoredLeft.map { $0 > .seconds(14 * 60) } == true, "\(restored.stage.name)")
        let watching = Task { () -> BookingFlow.State? in
            for await state in stream where (state.countdown?.expiresIn ?? .seconds(3_600)) <= .seconds(600) {
                return state
            }
            return nil
        }
        let corrected = await TimeLimit.run(Poll.defaultTimeout) { await watching.value } ?? nil
        watching.cancel()
        // Each value read into a local before it is checked: Swift 6.3.1's
        // optimizer crashes on the original inline reads in a release build
        // with tests (the long simulation's build).
        let correctedLeft = corrected?.countdown?.expiresIn
        let correctedStage = corrected?.stage.name
        let left = try #require(correctedLeft, "the server's answer never replaced the countdown")
        #expect(left > .seconds(500) && left <= .seconds(600))
        #expect(correctedStage == "held")
        await fixture.sandbox.stop()
    }

    @Test func onAnotherBootTheScreenSaysTheTimeIsBeingChecked() async throws {
        let fixture = try await Self.heldAttempt()
        let runtime = try Self.runtime(fixture, transport: SilentTransport()) {
            BootClock.Reading(bootID: "another-boot", sinceBoot: .seconds(5))
        }
        let restored = try await runtime.restore()
        guard case .checkingHold(let checking) = restored.stage else {
            Issue.record("expected checkingHold, got \(restored.stage.name)")
            return
        }
        #expect(checking.isTimeUnknown && checking.readPending)
        #expect(restored.message == "Checking with the server how much time is left on your hold.")
        #expect(restored.message?.contains("countdown ended") == false)
        #expect(restored.messageText?.key == "booking.message.checkingHold.timeUnknown")
        await fixture.sandbox.stop()
    }
}
