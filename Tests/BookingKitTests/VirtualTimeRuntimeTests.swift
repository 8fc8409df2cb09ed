import BookingAPI
import BookingCore
import BookingKit
import BookingTestSupport
import Testing

/// The whole runtime (flow, runner, repository, SQLite file, the sandbox in
/// process) on virtual time: the hold's countdown reads the
/// `VirtualScheduler` the simulation uses, its timer parks on it, and the
/// server's clock moves with it by hand. Nothing waits on the machine's
/// clock; every stage of the run is checked, in order, from the store's
/// own stream of states.
@Suite(.hangLimit) struct VirtualTimeRuntimeTests {
    @Test func aHoldLeftToRunOutIsReadAgainAtItsEndAndEndsExpired() async throws {
        let sandbox = try SandboxFixture(route: .inProcess, holdTTLMilliseconds: 10 * 60 * 1000)
        let scheduler = VirtualScheduler()
        let runtime = try BookingRuntime(
            directory: sandbox.clientDirectory, api: sandbox.client(sleeper: scheduler.sleeper(.retry, generation: 0)),
            dependencies: Dependencies(
                holdNow: { MonotonicInstant(sinceOrigin: scheduler.now) },
                bootReading: { BootClock.Reading(bootID: "virtual", sinceBoot: scheduler.now) },
                sleeper: scheduler.sleeper(.flowTimer, generation: 0)))
        let states = await runtime.flow.states()  // from the first state on
        let stages = Task {
            var names: [String] = []
            for await state in states {
                if names.last != state.stage.name { names.append(state.stage.name) }
                if state.stage.isFinal { break }
            }
            return names
        }
        let offer = try await Harness.firstOffer(from: runtime.api)
        let (attempt, key) = Harness.newAttempt()
        await runtime.flow.send(.offerChosen(offer))
        await runtime.flow.send(.holdTapped(attempt: attempt, key: key))
        _ = await runtime.flow.firstState { $0.stage.kind == .held }

        // The countdown's timer is the one sleeper, due when the hold ends.
        await scheduler.waitUntilSleeping(1)
        #expect(scheduler.nextWake == .seconds(600))
        #expect(await runtime.flow.state.stage.kind == .held)

        // Ten minutes pass for both sides; the timer wakes at the hold's end.
        sandbox.clock.advance(seconds: 600)
        #expect(scheduler.wakeNext(notAfter: .seconds(600)) != nil)
        let final = await runtime.flow.firstState { $0.stage.isFinal }
        #expect(final?.stage.kind == .expired)
        #expect(scheduler.now == .seconds(600))
        #expect(await stages.value == ["browsing", "offerChosen", "requestingHold", "held", "checkingHold", "expired"])
        #expect(try await runtime.repository.attempt(attempt)?.phase == .expired)
        #expect(sandbox.transport.requests("POST", "/v1/bookings").isEmpty)
    }
}
