import BookingPrimitives

/// Opens once `launch()` has put the saved attempt back into the flow:
/// `BookingClient.states()` asked for before it waits here, so its first
/// value is the restored state, never the empty results list before it.
final class LaunchGate: Sendable {
    private let state = Locked<(isOpen: Bool, waiting: [CheckedContinuation<Void, Never>])>((false, []))

    /// Whether `open()` ran.
    var isOpen: Bool { state.withLock { $0.isOpen } }

    /// Opens the gate: every waiter goes on, and later ones do not wait.
    func open() {
        let waiting = state.withLock { state in
            defer { state = (true, []) }
            return state.waiting
        }
        for continuation in waiting { continuation.resume() }
    }

    /// Returns once the gate is open.
    func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let isOpen = state.withLock { state in
                if !state.isOpen { state.waiting.append(continuation) }
                return state.isOpen
            }
            if isOpen { continuation.resume() }
        }
    }
}
