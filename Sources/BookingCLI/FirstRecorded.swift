import BookingPrimitives

/// The first of several values recorded by any thread; later ones are
/// dropped. What a run says about its first refusal of a kind: the request
/// that never left (`Services.refused`, the transport's error), the answer
/// refused as untrustworthy (`Services.refusedAnswer`, its reason).
package final class FirstRecorded<Value: Sendable>: Sendable {
    private let first = Locked<Value?>(nil)

    /// None yet.
    package init() {}

    /// Notes `value` unless one was noted before.
    func record(_ value: Value) {
        first.withLock { $0 = $0 ?? value }
    }

    /// The first value noted, if any.
    package var value: Value? {
        first.withLock { $0 }
    }
}

extension FirstRecorded {
    /// The first value in words ("the secure connection failed (the
    /// server's certificate is not trusted for bk.test: ...)"), if any.
    package var reason: String? {
        value.map { "\($0)" }
    }
}
