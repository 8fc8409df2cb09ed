import BookingPrimitives

/// The rollout groups clients name (`Booking-Cohort`), counted apart so
/// that the dashboard compares them and the guardrail can pause one: each
/// group's bookings, the ones looked up after their POST (the client never
/// got the POST's answer), its latest bookings for the guardrail's window,
/// and whether it is paused. In memory: a restart starts from zero.
final class Cohorts: Sendable {
    /// One group's counts.
    struct Counts: Codable, Equatable, Sendable {
        /// Bookings made.
        var bookings = 0
        /// Of those, looked up after their POST at least once.
        var lookedUpAfterPost = 0
        /// Booking POSTs refused while the group was paused.
        var refusedWhilePaused = 0
    }

    private struct State {
        var tally: BookingTally<String>
        var refusedWhilePaused: [String: Int] = [:]
        var paused: [String: PaymentMethodSwitch.Off] = [:]
    }

    /// The header that names a request's group.
    static let header = "Booking-Cohort"
    /// The most groups counted: a client cannot grow the sandbox's memory without bound.
    static let maximumCount = 100

    private let state: Locked<State>

    /// Groups whose last `window` bookings are kept for the guardrail.
    init(window: Int) {
        state = Locked(State(tally: BookingTally(window: window)))
    }

    /// Whether `name` is a group's name: 1 to 32 letters, digits, `-` or `_`.
    static func isValid(_ name: String) -> Bool {
        (1...32).contains(name.utf8.count)
            && name.utf8.allSatisfy {
                (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0)
                    || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_")
            }
    }

    /// Booking `id` was made for `cohort`.
    func booked(_ id: String, cohort: String) {
        state.withLock { state in
            guard state.tally.bookings[cohort] != nil || state.tally.keys.count < Self.maximumCount else { return }
            state.tally.booked(id, cohort)
        }
    }

    /// Booking `id` was looked up after its POST: its group, if it has one.
    @discardableResult
    func lookedUp(_ id: String) -> String? {
        state.withLock { $0.tally.lookedUp(id) }
    }

    /// The group of booking `id`, if it has one.
    func cohort(of id: String) -> String? {
        state.withLock { $0.tally.key(of: id) }
    }

    /// Of `cohort`'s last bookings (the guardrail's window): how many there are and how many were looked up.
    func recentShare(_ cohort: String) -> (bookings: Int, lookedUp: Int) {
        state.withLock { $0.tally.recentShare(cohort) }
    }

    /// Why `cohort` is paused, if it is.
    func paused(_ cohort: String) -> PaymentMethodSwitch.Off? {
        state.withLock { $0.paused[cohort] }
    }

    /// Pauses `cohort` (nil: resumes it, and its window starts again).
    func set(_ cohort: String, paused off: PaymentMethodSwitch.Off?) {
        state.withLock { state in
            state.paused[cohort] = off
            if off == nil { state.tally.restartWindow(cohort) }
        }
    }

    /// A booking POST of `cohort` was refused while it was paused.
    func refused(_ cohort: String) {
        state.withLock { $0.refusedWhilePaused[cohort, default: 0] += 1 }
    }

    /// Every group's counts and pause.
    func snapshot() -> [(name: String, counts: Counts, paused: PaymentMethodSwitch.Off?)] {
        state.withLock { state in
            Set(state.tally.keys).union(state.paused.keys).union(state.refusedWhilePaused.keys).sorted().map {
                let counts = Counts(
                    bookings: state.tally.bookings[$0] ?? 0, lookedUpAfterPost: state.tally.lookedUpAfterPost[$0] ?? 0,
                    refusedWhilePaused: state.refusedWhilePaused[$0] ?? 0)
                return ($0, counts, state.paused[$0])
            }
        }
    }
}
