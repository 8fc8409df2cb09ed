import BookingStore

// Waiting on the flow: for a condition, for an outcome, and the countdown.
// Every bounded wait of the library and the command line is `follow`.
extension BookingClient {
    /// Waits until the flow's state satisfies `condition` (the current state
    /// counts) and returns that state.
    ///
    /// - Throws: `BookingClientError.timedOut` when `timeout` passes first;
    ///   the flow goes on (nothing is cancelled by giving up the wait).
    public func wait(
        timeout: Duration, until condition: @escaping @Sendable (BookingFlow.State) -> Bool
    ) async throws(BookingClientError) -> BookingFlow.State {
        let followed = await follow(timeout: timeout, until: condition)
        guard followed.reached else { throw .timedOut(stage: followed.state.stage.name) }
        return followed.state
    }

    /// Waits until the flow is at rest: the first state with nothing in
    /// flight (held with its countdown running, a new price, the bank's
    /// page, a final state, or a screen waiting for the user). The awaited
    /// actions (`hold(_:)`, `pay(with:)`) already return their outcome; this
    /// is for a screen that started the flow some other way (a restored
    /// attempt at launch, a return link, `retry()`).
    ///
    /// ```swift
    /// let state = try await client.waitUntilAtRest(timeout: .seconds(30))
    /// ```
    ///
    /// - Throws: `BookingClientError.timedOut` when `timeout` passes first;
    ///   the flow goes on.
    public func waitUntilAtRest(timeout: Duration) async throws(BookingClientError) -> BookingFlow.State {
        try await wait(timeout: timeout) { $0.isAtRest }
    }

    /// The former name of ``waitUntilAtRest(timeout:)``: it waits for the
    /// flow to be at rest, which is not always the outcome of an action.
    @available(*, deprecated, renamed: "waitUntilAtRest(timeout:)")
    package func outcome(timeout: Duration) async throws(BookingClientError) -> BookingFlow.State {
        try await waitUntilAtRest(timeout: timeout)
    }

    /// Follows the flow's states (the current one first) until one satisfies
    /// `done` or `timeout` passes (real time: the caller's bound on how long
    /// it waits, whatever the flow's own timers run on), calling `onChange`
    /// with each. Returns the state reached, or the latest state and
    /// `reached` false at the bound. What the states say of an offer (a new
    /// price, sold out, held at last) is saved for later runs on the way.
    package func follow(
        timeout: Duration, onChange: @escaping @Sendable (BookingFlow.State) async -> Void = { _ in },
        until done: @escaping @Sendable (BookingFlow.State) -> Bool
    ) async -> (state: BookingFlow.State, reached: Bool) {
        let stream = await runtime.flow.states()
        let marks = offerMarks
        let watching = Task { () -> BookingFlow.State? in
            for await state in stream {
                await marks.record(state)
                await onChange(state)
                if done(state) { return state }
            }
            return nil
        }
        guard let reached = await TimeLimit.run(timeout, { await watching.value }) ?? nil
        else {
            watching.cancel()  // ends the stream's iteration, and the callbacks
            return (await state, false)
        }
        return (reached, true)
    }

    /// The hold's seconds left, ticking: a value at once, then one each time
    /// it changes; nil while nothing is held. It wakes when the flow's state
    /// changes and, while a room is held, when the figure's second runs out
    /// (once a second, by the hold clock): nothing ticks while nothing is
    /// held. Ends when the reader stops.
    public func countdown() -> AsyncStream<Int?> {
        AsyncStream { continuation in
            let (wakes, wake) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
            let flow = runtime.flow
            let watching = Task {
                for await _ in await flow.states() { wake.yield() }
                wake.finish()
            }
            let task = Task { [self] in
                var last: Int?? = .none
                var timer: Task<Void, Never>?
                for await _ in wakes {
                    let state = await state
                    let now = runtime.holdNow()
                    let seconds = state.secondsLeft(at: now)
                    if last != .some(seconds) {
                        continuation.yield(seconds)
                        last = .some(seconds)
                    }
                    timer?.cancel()
                    timer = state.countdown?.untilNextChange(at: now).map { delay in
                        Task {
                            // Real time: the display's next second; the figure is the hold clock's.
                            guard (try? await Task.sleep(for: max(delay, Self.shortestTick))) != nil else { return }
                            wake.yield()
                        }
                    }
                }
                timer?.cancel()
                continuation.finish()
            }
            continuation.onTermination = { _ in
                task.cancel()
                watching.cancel()
            }
        }
    }

    /// The shortest wait between two looks at the countdown: a clock read
    /// just before a second's end never spins.
    static let shortestTick: Duration = .milliseconds(5)
}
