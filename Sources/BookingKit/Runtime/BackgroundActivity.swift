import BookingCore
import BookingPrimitives

/// The platform's permission to keep running after the app leaves the
/// screen, asked while money or a trip change is in flight, so that a
/// payment's answer, its lookups and a cancellation's answer are read and
/// saved instead of waiting for the next launch. Apple platforms: an
/// expiring activity (`ProcessInfo.performExpiringActivity`, which works
/// in app extensions too); Linux: nothing to hold (`Platform`).
package protocol BackgroundActivity: Sendable {
    /// Asks to keep running for `reason`. Returns what ends the permission,
    /// nil when none was granted; `expired` is called if the system says
    /// time is up first (the permission has then ended by itself).
    func begin(_ reason: String, expired: @escaping @Sendable () -> Void) -> (@Sendable () -> Void)?
}

/// No permission to ask for: a process that keeps running as it is.
package struct NoBackgroundActivity: BackgroundActivity {
    package init() {}

    package func begin(_ reason: String, expired: @escaping @Sendable () -> Void) -> (@Sendable () -> Void)? { nil }
}

/// Holds the permission while the flow has a payment in flight (sent,
/// looked up or polled, in the foreground or the background) and while a
/// cancellation or a change of dates runs; releases it when the request
/// settles or the system says time is up. Nothing else depends on it: an
/// attempt's row is saved before anything leaves, whatever the system does.
package final class BackgroundHolds: Sendable {
    /// The payment's permission: numbered, so that a late expiry of an
    /// earlier one never forgets a newer one.
    private struct Payment {
        /// The permission's number (the newest asked for).
        var number = 0
        /// What ends it; nil when none is held.
        var end: (@Sendable () -> Void)?
        /// Whether the newest is being asked for (outside the lock: the
        /// system may say time is up inside the asking).
        var asking = false
        /// Whether the payment settled while it was being asked for.
        var settledMeanwhile = false
        /// The oldest state that may still move it.
        var from = 0
    }

    private let activity: any BackgroundActivity
    private let payment = Locked(Payment())

    package init(_ activity: any BackgroundActivity) {
        self.activity = activity
    }

    /// Takes the flow's state numbered `revision`: asks for the permission
    /// when a payment is in flight and none is held, releases it when none
    /// is. A state older than a payment asked for ahead is passed over.
    package func record(_ state: BookingFlow.State, revision: Int) {
        paymentInFlight(state.hasPaymentInFlight, revision: revision)
    }

    /// Asks for the permission before a payment is tapped, so that it is
    /// held before the request leaves (the flow's states arrive here a
    /// moment after the runtime acted on them): the states up to
    /// `revision`, the one the tap starts from, cannot release it.
    package func paymentStarts(after revision: Int) {
        paymentInFlight(true, revision: revision + 1)
    }

    private func paymentInFlight(_ inFlight: Bool, revision: Int) {
        enum Move {
            case none
            case ask(Int)
            case release(@Sendable () -> Void)
        }
        let move = payment.withLock { held -> Move in
            guard revision >= held.from else { return .none }
            held.from = revision
            if inFlight {
                held.settledMeanwhile = false
                guard held.end == nil, !held.asking else { return .none }
                held.number += 1
                held.asking = true
                return .ask(held.number)
            }
            if held.asking { held.settledMeanwhile = true }
            guard let end = held.end else { return .none }
            held.end = nil
            return .release(end)
        }
        switch move {
        case .none:
            return
        case .release(let end):
            end()
        case .ask(let number):
            let end = activity.begin("BookingKit: a payment being sent and checked") { [payment] in
                payment.withLock { if $0.number == number { ($0.end, $0.asking) = (nil, false) } }
            }
            let release = payment.withLock { held -> (@Sendable () -> Void)? in
                guard held.number == number, held.asking else { return nil }  // time was up already
                held.asking = false
                if held.settledMeanwhile { return end }
                held.end = end
                return nil
            }
            release?()
        }
    }

    /// Runs `work` (a cancellation, a change of dates) holding its own
    /// permission, released when it returns or throws, or when the system
    /// says time is up.
    package func during<T, E: Error>(_ reason: String, _ work: () async throws(E) -> T) async throws(E) -> T {
        let ended = Locked(false)
        let end = activity.begin("BookingKit: \(reason)") { ended.withLock { $0 = true } }
        defer { if !ended.withLock({ $0 }) { end?() } }
        return try await work()
    }
}
