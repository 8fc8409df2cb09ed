import BookingPrimitives

/// Wakes the requests waiting on `GET /v1/events` when the sandbox may have
/// changed a booking: the handler fires it after every other request. A
/// waiter passes the generation it read before it looked, so a change that
/// lands between its look and its wait is never missed.
final class ChangeSignal: Sendable {
    private struct Waiters {
        var generation: UInt64 = 0
        var nextID: UInt64 = 0
        var continuations: [UInt64: CheckedContinuation<Void, Never>] = [:]
        var timeouts = 0
    }

    private let state = Locked(Waiters())

    /// How many times it fired; read before looking for changes.
    var generation: UInt64 { state.withLock { $0.generation } }
    /// The waits parked now.
    var waiting: Int { state.withLock { $0.continuations.count } }
    /// The waits that ended because their time ran out, not a change.
    var timeouts: Int { state.withLock { $0.timeouts } }

    /// Something may have changed: every waiter wakes.
    func fire() {
        let woken = state.withLock { state in
            state.generation &+= 1
            defer { state.continuations = [:] }
            return Array(state.continuations.values)
        }
        for continuation in woken { continuation.resume() }
    }

    /// Returns when it fired after `generation` (at once if it already
    /// has), or after `timeout`, whichever comes first.
    func wait(after generation: UInt64, timeout: Duration) async {
        let id: UInt64 = state.withLock { state in
            state.nextID &+= 1
            return state.nextID
        }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let waiting = state.withLock { state -> Bool in
                guard state.generation == generation else { return false }
                state.continuations[id] = continuation
                return true
            }
            guard waiting else { return continuation.resume() }
            Task { [state] in
                try? await Task.sleep(for: timeout)
                let expired = state.withLock { state -> CheckedContinuation<Void, Never>? in
                    guard let continuation = state.continuations.removeValue(forKey: id) else { return nil }
                    state.timeouts += 1
                    return continuation
                }
                expired?.resume()
            }
        }
    }
}
