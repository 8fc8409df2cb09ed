/// A value behind a lock that a test can wait on: the code under test
/// changes it (a transport records a request, a process dies, a sleeper
/// parks), and `wait(until:)` returns on the change that makes the
/// condition true. No clock is read: the wait ends on the event itself,
/// however slow the machine, or when the waiting task is cancelled (a test
/// that never sees its event is ended by its time limit, never passed).
public final class Watched<Value: Sendable>: Sendable {
    private struct Waiter {
        var condition: @Sendable (Value) -> Bool
        var continuation: CheckedContinuation<Value?, Never>
    }

    private struct Box {
        var value: Value
        var waiters: [Int: Waiter] = [:]
        var nextWaiter = 0
    }

    private let box: Locked<Box>

    /// Wraps `value`.
    public init(_ value: Value) {
        box = Locked(Box(value: value))
    }

    /// The value now.
    public var value: Value { box.withLock { $0.value } }

    /// Changes the value and wakes every wait whose condition now holds.
    @discardableResult
    public func change<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        var ready: [(CheckedContinuation<Value?, Never>, Value)] = []
        let result = try box.withLock { box in
            let result = try body(&box.value)
            for (id, waiter) in box.waiters where waiter.condition(box.value) {
                ready.append((waiter.continuation, box.value))
                box.waiters[id] = nil
            }
            return result
        }
        for (continuation, value) in ready { continuation.resume(returning: value) }
        return result
    }

    /// Waits until the value satisfies `condition` (at once if it does now)
    /// and returns that value; nil if the waiting task was cancelled first.
    @discardableResult
    public func wait(until condition: @escaping @Sendable (Value) -> Bool) async -> Value? {
        let id = box.withLock { box in
            box.nextWaiter += 1
            return box.nextWaiter
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Value?, Never>) in
                let now: Value?? = box.withLock { box in
                    if condition(box.value) { return .some(box.value) }
                    if Task.isCancelled { return .some(nil) }
                    box.waiters[id] = Waiter(condition: condition, continuation: continuation)
                    return nil
                }
                if let now { continuation.resume(returning: now) }
            }
        } onCancel: {
            box.withLock { $0.waiters.removeValue(forKey: id) }?.continuation.resume(returning: nil)
        }
    }
}
