import BookingKit
import Foundation

/// The example's steps that read as an app's screens.
enum Steps {
    /// The offers in Lisbon for two nights a month from today, page 1.
    static func offers(_ client: BookingClient) async throws(BookingClientError) -> [Offer] {
        let today = Int(Date().timeIntervalSince1970 / 86_400)
        let checkIn = CalendarDate(daysSince1970: today + 30)!
        let checkOut = CalendarDate(daysSince1970: today + 32)!
        let page = try await client.offers(at: "plc_lisbon", checkIn: checkIn, checkOut: checkOut, guests: 2)
        guard page.items.count >= 3 else { fail("fewer than three offers") }
        print("offers: page \(page.page), \(page.items.count) offers, more: \(page.hasMore)")
        do {
            _ = try await client.offers(at: "plc_lisbon", checkIn: checkIn, checkOut: checkOut, guests: 2, page: 99)
        } catch {
            switch error {
            case .search(.noSuchPage(_, let count)): print("page 99: there are \(count) pages")
            default: fail("page 99: \(error)")
            }
        }
        return page.items
    }

    /// Holds `offer`; fails the example unless the room is held.
    static func hold(_ offer: Offer, _ client: BookingClient) async throws(BookingClientError) {
        let result = try await client.hold(offer)
        guard case .held = result else { fail("not held: \(result)") }
        print("held: \(offer.propertyName), \(client.secondsLeft(in: await client.state) ?? 0) s to pay")
    }

    /// Every payment result, in the words a screen would show.
    static func describe(_ result: PaymentResult) -> String {
        switch result {
        case .confirmed(let trip): return "confirmed \(trip.id.rawValue), voucher \(trip.voucherCode ?? "-")"
        case .needsBankPage(let url, _): return "the bank asks for 3-D Secure at \(url.absoluteString)"
        case .declined: return "declined by the bank; the room is kept"
        case .failed(let reason): return "failed (\(reason)); nothing was charged"
        case .notPaid(_, let canPayAgain): return canPayAgain ? "not paid; pay again" : "not paid; hold again"
        case .stillHeld: return "nothing was sent: still held, pay again"
        case .expired: return "the hold ran out; nothing was charged"
        case .stillBeingChecked(.couldNotConfirm): return "we could not confirm; do not pay again"
        case .stillBeingChecked(.stillProcessing): return "still processing; check again later"
        case .stillBeingChecked(.signInRequired): return "sign in again; the payment is looked up, never sent twice"
        case .stillBeingChecked(.waitEnded): return "still being checked"
        }
    }
}

/// The trips stream, collected in the background as a screen would keep it.
final class TripWatcher: Sendable {
    private let latest = AsyncStream<[Trip]>.makeStream(bufferingPolicy: .bufferingNewest(1))
    private let task: Task<Void, Never>

    init(_ client: BookingClient) {
        let continuation = latest.continuation
        task = Task {
            for await trips in client.tripUpdates(every: .milliseconds(100)) { continuation.yield(trips) }
        }
    }

    deinit { task.cancel() }

    /// Waits until the stream lists trip `id` with `status` (30 s at most).
    func waitFor(_ id: BookingID, _ status: BookingStatus) async {
        let deadline = ContinuousClock.now + .seconds(30)
        for await trips in latest.stream {
            if trips.contains(where: { $0.id == id && $0.status == status }) {
                print(
                    "trips stream: \(trips.map { "\($0.id.rawValue) \($0.status.rawValue)" }.joined(separator: ", "))")
                return
            }
            if ContinuousClock.now > deadline { break }
        }
        fail("the trips stream never showed the change")
    }
}
