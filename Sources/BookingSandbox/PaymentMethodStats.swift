import BookingCore
import BookingPrimitives

/// The server's view of how payments end, per payment method kind: the
/// bookings made, the ones looked up after their POST (the client never got
/// the POST's answer: a lookup by key, a same-key replay, or a close-key that
/// found the booking; a read by id is not counted, as only an answer gives
/// the id), the same-key replays, the abandoned 3-D Secure pages, and the
/// keys closed with no booking (not paid; their kind is unknown to the
/// server, as nothing ran). In memory: a restart starts from zero.
final class PaymentMethodStats: Sendable {
    /// One kind's counts.
    struct Counts: Codable, Equatable, Sendable {
        /// Bookings made (`POST /v1/bookings` that ran).
        var bookings = 0
        /// Of those, looked up after their POST at least once.
        var lookedUpAfterPost = 0
        /// Same-key replays of the booking POST.
        var replays = 0
        /// 3-D Secure pages left (`POST /v1/bookings/{id}/abandon`).
        var abandoned = 0
        /// Booking POSTs refused by the switch (`PAYMENT_METHOD_DISABLED`).
        var refusedBySwitch = 0
    }

    private struct State {
        /// Bookings and lookups by kind, and each kind's window.
        var tally: BookingTally<PaymentMethodKind>
        /// Replays, abandoned pages and refusals by kind (bookings and lookups are the tally's).
        var counts: [PaymentMethodKind: Counts] = [:]
        var abandoned: Set<String> = []
        var keysClosedWithoutBooking = 0
    }

    private let state: Locked<State>

    /// Stats keeping each kind's last `window` bookings.
    init(window: Int) {
        state = Locked(State(tally: BookingTally(window: window)))
    }

    /// A booking of `kind` was made.
    func booked(_ id: String, kind: PaymentMethodKind) {
        state.withLock { $0.tally.booked(id, kind) }
    }

    /// The booking `id` was looked up after its POST; returns its kind if known.
    @discardableResult
    func lookedUp(_ id: String) -> PaymentMethodKind? {
        state.withLock { $0.tally.lookedUp(id) }
    }

    /// The booking POST under the key of booking `id` was replayed.
    @discardableResult
    func replayed(_ id: String) -> PaymentMethodKind? {
        let kind = state.withLock { state -> PaymentMethodKind? in
            guard let kind = state.tally.key(of: id) else { return nil }
            state.counts[kind, default: Counts()].replays += 1
            return kind
        }
        return kind.flatMap { _ in lookedUp(id) }
    }

    /// The booking `id`'s 3-D Secure page was left.
    func abandoned(_ id: String) {
        state.withLock { state in
            guard let kind = state.tally.key(of: id), state.abandoned.insert(id).inserted else { return }
            state.counts[kind, default: Counts()].abandoned += 1
        }
    }

    /// A booking POST of `kind` was refused by the switch.
    func refused(_ kind: PaymentMethodKind) {
        state.withLock { $0.counts[kind, default: Counts()].refusedBySwitch += 1 }
    }

    /// A key was closed with no booking under it.
    func keyClosedWithoutBooking() {
        state.withLock { $0.keysClosedWithoutBooking += 1 }
    }

    /// Of `kind`'s last bookings (the guardrail's window): how many there are and how many were looked up.
    func recentShare(_ kind: PaymentMethodKind) -> (bookings: Int, lookedUp: Int) {
        state.withLock { $0.tally.recentShare(kind) }
    }

    /// Forgets `kind`'s window (an operator switched it on again: the guardrail judges anew).
    func restartWindow(_ kind: PaymentMethodKind) {
        state.withLock { $0.tally.restartWindow(kind) }
    }

    /// Every kind's counts, and the keys closed with no booking.
    func snapshot() -> (counts: [PaymentMethodKind: Counts], keysClosedWithoutBooking: Int) {
        state.withLock { state in
            var counts = state.counts
            for kind in state.tally.keys {
                counts[kind, default: Counts()].bookings = state.tally.bookings[kind] ?? 0
                counts[kind, default: Counts()].lookedUpAfterPost = state.tally.lookedUpAfterPost[kind] ?? 0
            }
            return (counts, state.keysClosedWithoutBooking)
        }
    }
}
