import BookingAPI
import Foundation
import TestSupport
import Testing

// Kills around the ways out that keep or free a room (issue 22): closing a
// payment's key (the next `booking pay` after a payment that never left)
// and releasing a declined room (the next `booking hold` saves the release
// with its new attempt, then sends it before its own hold request). After
// the kill the next runs go on; then the account's live rooms are read
// from the sandbox's `/sandbox/holds.json`: at most one per chain.
extension KillCampaignTests {
    /// Kill points around closing a key: the next `booking pay` looks the
    /// payment up, closes its key and pays the same room again.
    static let keyClosingBoundaries = ["before closeKey", "after closeKey"]

    /// Kill points around a release: saved with the new attempt and not
    /// sent (`after saveAttempt`), sent and the new room not yet asked for
    /// (`before requestHold`).
    static let releaseBoundaries = ["after saveAttempt", "before requestHold"]

    /// Kill points around leaving the bank's page for another card: the
    /// abandon saved and not sent, and sent with its answer not yet taken.
    static let abandonBoundaries = ["before abandonBooking", "after abandonBooking"]

    /// Every kill point of the ways out.
    static let wayOutBoundaries = keyClosingBoundaries + releaseBoundaries + abandonBoundaries

    /// `booking hold`; `booking pay` killed before its payment leaves; `booking
    /// pay` killed at `point` (its key being closed); `booking pay` again;
    /// `booking reconcile`.
    static func killAroundKeyClosing(
        _ kill: inout Kill, booking: Booking, index: Int, point: String
    ) async throws {
        try await booking.holdAnOffer(index: (index / 170) % 7, days: 5 + 2 * (index % 170))
        let unsent = try await booking.run(["pay"], environment: ["BOOKINGKIT_KILL_AT": "before pay"])
        guard unsent.signalled && unsent.status == SIGKILL else {
            kill.problems.append("the first pay was not killed: exit \(unsent.status) \(unsent.error)")
            return
        }
        let closing = try await booking.run(["pay"], environment: ["BOOKINGKIT_KILL_AT": point])
        kill.killed = closing.signalled && closing.status == SIGKILL
        if !kill.killed {
            kill.problems.append("not killed: exit \(closing.status) \(closing.output) \(closing.error)")
        }
        // Whatever the kill left (the key open or closed, "not paid" saved
        // or not), the next `booking pay` restores the attempt, learns the
        // payment never left and pays the same room under a new key.
        let again = try await booking.run(["pay"])
        if again.status != 0 {
            kill.problems.append("the pay after the kill exited \(again.status), not 0: \(again.error)")
        }
    }

    /// `booking hold`; `booking pay --card tok_threeDSecureRequired` killed
    /// before the bank's page opens (the booking waits for the bank);
    /// `booking pay --another-card --card tok_visa` killed at `point` (the
    /// pending booking being left); the same command again, which must pay
    /// the same room once: the left booking is never charged.
    static func killAroundAbandon(_ kill: inout Kill, booking: Booking, index: Int, point: String) async throws {
        try await booking.holdAnOffer(index: (index / 170) % 7, days: 5 + 2 * (index % 170))
        let pending = try await booking.run(
            ["pay", "--card", "tok_threeDSecureRequired"], environment: ["BOOKINGKIT_KILL_AT": "before openChallenge"])
        guard pending.signalled && pending.status == SIGKILL else {
            kill.problems.append("the bank's payment was not killed: exit \(pending.status) \(pending.error)")
            return
        }
        let leaving = try await booking.run(
            ["pay", "--another-card", "--card", "tok_visa"], environment: ["BOOKINGKIT_KILL_AT": point])
        kill.killed = leaving.signalled && leaving.status == SIGKILL
        if !kill.killed {
            kill.problems.append("not killed: exit \(leaving.status) \(leaving.output) \(leaving.error)")
        }
        let again = try await booking.run(["pay", "--another-card", "--card", "tok_visa"])
        if again.status != 0 || !again.output.contains("Outcome: confirmed") {
            kill.problems.append("another card after the kill exited \(again.status): \(again.output) \(again.error)")
        }
    }

    /// `booking hold`; `booking pay --card tok_chargeDeclined` (the room is
    /// kept); `booking hold` of another offer killed at `point`; `booking
    /// reconcile`. The declined room must be given up by then.
    static func killAroundRelease(
        _ kill: inout Kill, booking: Booking, index: Int, point: String, server: String, account: String
    ) async throws {
        let days = 5 + 2 * (index % 170)
        try await booking.holdAnOffer(index: (index / 170) % 7, days: days)
        let declined = try await booking.run(["pay", "--card", "tok_chargeDeclined"])
        if declined.status == 0 { kill.problems.append("the declined pay exited 0") }
        let kept = try await Campaign.liveHolds(account: account, server: server)
        guard kept.count == 1 else {
            kill.problems.append("after the decline the account keeps \(kept.count) rooms, not 1")
            return
        }
        let offers = try await booking.offers(days: days)
        let other = try #require(offers[((index / 170) % 7 + 1) % offers.count]["offerId"] as? String)
        let hold = try await booking.run(["hold", other, "--no-wait"], environment: ["BOOKINGKIT_KILL_AT": point])
        kill.killed = hold.signalled && hold.status == SIGKILL
        if !kill.killed { kill.problems.append("not killed: exit \(hold.status) \(hold.output) \(hold.error)") }
        let reconcile = try await booking.run(["reconcile"])
        if ![0, 1, 3].contains(reconcile.status) {
            kill.problems.append("reconcile exited \(reconcile.status): \(reconcile.error)")
        }
        let live = try await Campaign.liveHolds(account: account, server: server)
        if live.contains(kept[0]) { kill.problems.append("the declined room \(kept[0]) is still kept after reconcile") }
    }
}

extension Campaign {
    /// The live rooms of `account` (`HELD`, neither booked nor run out), as
    /// the sandbox's dashboard lists them.
    static func liveHolds(account: String, server: String) async throws -> [String] {
        let url = try #require(URL(string: server + "/sandbox/holds.json"))
        let (data, _) = try await URLSession.shared.data(from: url)
        let rows = try JSONSerialization.jsonObject(with: data) as? [[String: Any]] ?? []
        return rows.filter { $0["account"] as? String == account && $0["state"] as? String == "HELD" }
            .compactMap { $0["holdId"] as? String }.sorted()
    }
}
