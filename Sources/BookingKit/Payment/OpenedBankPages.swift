import BookingCore
import BookingPrimitives

/// The bank pages the flow has opened (its `openChallenge` effect ran), by
/// attempt: `pay(with:bankPage:)` presents a page only after the flow
/// opened it, so the app's page and the flow's effect come in the flow's
/// order (a crash between the payment's answer and the page leaves the
/// page unopened, as a crash test expects, never answered behind it).
final class OpenedBankPages: Sendable {
    private let state = Locked<(opened: Set<AttemptID>, waiters: [AttemptID: [CheckedContinuation<Void, Never>]])>(
        ([], [:]))

    /// The runtime's `openChallenge` effect ran for `attempt`.
    func opened(_ attempt: AttemptID) {
        let waiting = state.withLock { state in
            state.opened.insert(attempt)
            return state.waiters.removeValue(forKey: attempt) ?? []
        }
        for waiter in waiting { waiter.resume() }
    }

    /// Returns once the flow opened `attempt`'s page, or at once if it has.
    func wait(for attempt: AttemptID) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let done = state.withLock { state in
                if state.opened.contains(attempt) { return true }
                state.waiters[attempt, default: []].append(continuation)
                return false
            }
            if done { continuation.resume() }
        }
    }
}
