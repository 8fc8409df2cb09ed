// Waiting on the flow: for a condition, for an outcome, and the countdown.
extension BookingClient {
    /// Waits until the flow's state satisfies `condition` (the current state
    /// counts) and returns that state.
    ///
    /// - Throws: `BookingClientError.timedOut` when `timeout` passes first;
    ///   the flow goes on (nothing is cancelled by giving up the wait).
    public func wait(
        timeout: Duration, until condition: @escaping @Sendable (BookingFlow.State) -> Bool
    ) async throws(BookingClientError) -> BookingFlow.State {
        let stream = await states()
        let watching = Task { () -> BookingFlow.State? in
            for await state in stream where condition(state) { return state }
            return nil
        }
        guard let state = await TimeLimit.run(timeout, { await watching.value }) ?? nil else {
            watching.cancel()  // ends the stream's iteration and its reader
            throw .timedOut(stage: await runtime.flow.state.stage.name)
        }
        return state
    }

    /// Waits for the outcome of the last action: the first state with
    /// nothing in flight (held with its countdown running, a new price, the
    /// bank's page, a final state, or a screen waiting for the user).
    ///
    /// - Throws: `BookingClientError.timedOut` when `timeout` passes first.
    public func outcome(timeout: Duration) async throws(BookingClientError) -> BookingFlow.State {
        try await wait(timeout: timeout) { !$0.showsProgress }
    }

    /// The hold's seconds left, ticking: a value at once, then one each time
    /// it changes (every second while a room is held); nil while nothing is
    /// held. Ends when the reader stops.
    public func countdown() -> AsyncStream<Int?> {
        AsyncStream { continuation in
            let task = Task { [self] in
                var last: Int?? = .none
                while !Task.isCancelled {
                    let now = secondsLeft(in: await runtime.flow.state)
                    if last != .some(now) {
                        continuation.yield(now)
                        last = .some(now)
                    }
                    try? await Task.sleep(for: .milliseconds(200))
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
