import BookingAPI
import Foundation
import Testing

/// A hold belongs to the account, on the command line: a room held from
/// one data directory is listed by `booking holds` on another of the same
/// account, taken over and paid there with one charge, and the first
/// directory then shows it booked elsewhere, with its trip. Real
/// processes, a real sandbox process over HTTP.
@Suite struct HoldsCommandTests {
    @Test func aRoomHeldOnOneDirectoryIsPaidOnAnotherOnceAndTheFirstShowsItBooked() async throws {
        let sandbox = try await SandboxProcess()
        let phone = Booking(server: sandbox.url, label: "cli-phone")
        let laptop = Booking(server: sandbox.url, label: "cli-laptop")
        _ = try await phone.holdAnOffer()

        let none = try await phone.run(["holds"])
        #expect(none.status == 0, "\(none.error)")
        #expect(none.output.contains("No room is held on another device"), "\(none.output)")
        let listed = try await laptop.run(["holds", "--json"])
        let rooms = try #require(try listed.json()["heldElsewhere"] as? [[String: Any]], "\(listed.output)")
        #expect(rooms.count == 1)
        let id = try #require(rooms.first?["holdId"] as? String)
        #expect(((rooms.first?["secondsLeft"] as? Int) ?? 0) > 0)
        let human = try await laptop.run(["holds"])
        #expect(human.output.contains("\(id)  "), "\(human.output)")
        #expect(human.output.contains(" left"), "\(human.output)")

        let taken = try await laptop.run(["holds", "--take", id])
        #expect(taken.status == 0, "\(taken.output) \(taken.error)")
        #expect(taken.output.contains("Held here: "), "\(taken.output)")
        let paid = try await laptop.run(["pay", "--json"])
        #expect(paid.status == 0, "\(paid.output) \(paid.error)")
        let booking = try #require((try paid.json()["state"] as? [String: Any])?["bookingId"] as? String)

        let api = BookingAPIClient(
            server: try ServerAddress(sandbox.url), apiKey: "sk_test_demo", transport: URLSessionTransport())
        #expect(try await api.sandboxLedger().chargeCount == 1)

        let status = try await phone.run(["status"])
        #expect(status.status == 0, "\(status.output) \(status.error)")
        #expect(status.output.contains("Booked on another device"), "\(status.output)")
        let trips = try await phone.run(["trips"])
        #expect(trips.output.contains(booking), "\(trips.output)")
        let again = try await phone.run(["pay"])
        #expect(again.status != 0)
        #expect(try await api.sandboxLedger().chargeCount == 1)
        await sandbox.stop()
    }

    @Test func aStayBookedOnOneDirectoryIsRefusedOnTheOtherAndBookedAgainOnlyWithAgain() async throws {
        let sandbox = try await SandboxProcess()
        let phone = Booking(server: sandbox.url, label: "cli-phone-stay")
        let laptop = Booking(server: sandbox.url, label: "cli-laptop-stay")
        let offer = try await phone.holdAnOffer()
        // The same stay, held and paid from the laptop's directory.
        let booking = try await laptop.holdAndPay()
        let api = BookingAPIClient(
            server: try ServerAddress(sandbox.url), apiKey: "sk_test_demo", transport: URLSessionTransport())

        let refused = try await phone.run(["pay"])
        #expect(refused.status == 1)
        #expect(refused.output.contains("You already booked this stay"), "\(refused.output) \(refused.error)")
        #expect(try await api.sandboxLedger().chargeCount == 1)
        #expect(try await phone.run(["trips"]).output.contains(booking))
        let asked = try await phone.run(["hold", offer, "--no-wait"])
        #expect(asked.status != 0)
        #expect(asked.output.contains("--again") || asked.error.contains("--again"), "\(asked.output) \(asked.error)")
        let again = try await phone.run(["hold", offer, "--again", "--no-wait"])
        #expect(again.status == 0, "\(again.output) \(again.error)")
        let second = try await phone.run(["pay"])
        #expect(second.status == 0, "\(second.output) \(second.error)")
        #expect(try await api.sandboxLedger().chargeCount == 2)
        await sandbox.stop()
    }

    @Test func aRoomLetGoOnOneDirectoryEndsOnTheOther() async throws {
        let sandbox = try await SandboxProcess()
        let phone = Booking(server: sandbox.url, label: "cli-phone-go")
        let laptop = Booking(server: sandbox.url, label: "cli-laptop-go")
        _ = try await phone.holdAnOffer()
        let listed = try await laptop.run(["holds", "--json"])
        let id = try #require(
            (try listed.json()["heldElsewhere"] as? [[String: Any]])?.first?["holdId"] as? String, "\(listed.output)")
        let gone = try await laptop.run(["holds", "--let-go", id])
        #expect(gone.status == 0, "\(gone.output) \(gone.error)")
        #expect(gone.output.contains("Let go: "), "\(gone.output)")
        let status = try await phone.run(["status"])
        #expect(status.output.contains(": EXPIRED"), "\(status.output)")
        let unknown = try await laptop.run(["holds", "--take", id])
        #expect(unknown.status == 1)
        #expect(unknown.error.contains("no room is held on another device under \(id)"), "\(unknown.error)")
        await sandbox.stop()
    }
}
