/// Bookings counted by a key (a payment method kind, a rollout group): the
/// key of each booking, how many each key made and how many of those were
/// looked up after their POST (the client never got the answer: the
/// Unknown share as the server sees it), and each key's latest `window`
/// bookings, which the guardrail judges. A value: its owner keeps it
/// behind its lock.
struct BookingTally<Key: Hashable & Sendable>: Sendable {
    /// How many of each key's latest bookings are kept.
    let window: Int
    private var keyOfBooking: [String: Key] = [:]
    /// Bookings made, by key.
    private(set) var bookings: [Key: Int] = [:]
    /// Of those, looked up after their POST at least once, by key.
    private(set) var lookedUpAfterPost: [Key: Int] = [:]
    private var lookedUp: Set<String> = []
    /// Each key's bookings, oldest first, the last `window` kept.
    private var recent: [Key: [String]] = [:]

    /// A tally keeping each key's last `window` bookings.
    init(window: Int) {
        self.window = max(1, window)
    }

    /// The keys that made a booking.
    var keys: Dictionary<Key, Int>.Keys { bookings.keys }

    /// Booking `id` was made under `key`.
    mutating func booked(_ id: String, _ key: Key) {
        keyOfBooking[id] = key
        bookings[key, default: 0] += 1
        recent[key, default: []].append(id)
        if recent[key, default: []].count > window { recent[key]?.removeFirst() }
    }

    /// Booking `id` was looked up after its POST (counted once): its key, if known.
    mutating func lookedUp(_ id: String) -> Key? {
        guard let key = keyOfBooking[id] else { return nil }
        if lookedUp.insert(id).inserted { lookedUpAfterPost[key, default: 0] += 1 }
        return key
    }

    /// The key of booking `id`, if known.
    func key(of id: String) -> Key? { keyOfBooking[id] }

    /// Of `key`'s last `window` bookings: how many there are and how many were looked up after their POST.
    func recentShare(_ key: Key) -> (bookings: Int, lookedUp: Int) {
        let latest = recent[key] ?? []
        return (latest.count, latest.filter { lookedUp.contains($0) }.count)
    }

    /// Forgets `key`'s window (it was switched on again: the guardrail judges anew).
    mutating func restartWindow(_ key: Key) {
        recent[key] = []
    }
}
