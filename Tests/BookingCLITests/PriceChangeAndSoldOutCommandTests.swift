import Foundation
import Testing

/// A changed price and a sold-out room, end to end over real HTTP to a
/// sandbox process that answers every hold with that fault; and the flow's
/// offline state reaching `hold` and `pay` when the server is gone. The
/// sandbox is a child process (it must be able to stop); the client runs
/// in this process.
@Suite struct PriceChangeAndSoldOutCommandTests {
    static let search = ["--place", "plc_lisbon", "--check-in", Booking.date(20), "--check-out", Booking.date(22)]

    @Test func aChangedPriceShowsBothPricesAndIsAcceptedWithANewAttempt() async throws {
        let sandbox = try await SandboxProcess(["--fault-rate", "price-changed=1.0"])
        defer { Task { await sandbox.stop() } }
        let booking = InProcess(server: sandbox.url, label: "cli-price")
        let offer = try #require(try await booking.offers().first)
        let id = try #require(offer["offerId"] as? String)
        let first = try await booking.run(["hold", id, "--json"]).json()
        #expect(first["outcome"] as? String == "priceChanged")
        let message = try #require((first["state"] as? [String: Any])?["message"] as? String)
        #expect(message.hasPrefix("It was ") && message.contains(", it is now "), "\(message)")
        #expect((first["next"] as? String)?.contains("booking hold \(id) --accept-new-price") == true)

        // Not accepted: the next plain hold says both prices and sends nothing.
        let again = try await booking.run(["hold", id])
        #expect(again.status == 1)
        #expect(again.error.contains("to hold it at the new price run `booking hold \(id) --accept-new-price`"))
        let listed = try await booking.run(["offers"] + Self.search + ["--guests", "2"])
        #expect(listed.output.contains("now EUR"), "\(listed.output)")

        // Accepted: a new attempt at the new quote (this sandbox moves the price again).
        let accepted = try await booking.run(["hold", id, "--accept-new-price", "--json"]).json()
        let newPrice = try #require(
            message.split(separator: " ").last.map { String($0.dropLast()) })
        let acceptedMessage = try #require((accepted["state"] as? [String: Any])?["message"] as? String)
        #expect(acceptedMessage.hasPrefix("It was EUR \(newPrice)"), "\(acceptedMessage) after \(message)")
        #expect(accepted["eventLog"] as? String != first["eventLog"] as? String)
    }

    @Test func aSoldOutRoomStaysMarkedUntilTheListIsRefreshed() async throws {
        let sandbox = try await SandboxProcess(["--fault-rate", "sold-out=1.0"])
        defer { Task { await sandbox.stop() } }
        let booking = InProcess(server: sandbox.url, label: "cli-soldout")
        let id = try await booking.firstOfferID()
        let hold = try await booking.run(["hold", id])
        #expect(hold.status == 1)
        #expect(hold.output.contains("Next: `booking offers --place plc_lisbon"), "\(hold.output)")
        #expect(hold.output.contains("--refresh`"))
        let listed = try await booking.run(["offers", "--json"] + Self.search + ["--guests", "2"]).json()
        let marked = try #require((listed["offers"] as? [[String: Any]])?.first { $0["offerId"] as? String == id })
        #expect((marked["mark"] as? [String: Any])?["kind"] as? String == "soldOut")
        let again = try await booking.run(["hold", id])
        #expect(again.status == 1)
        #expect(again.error.contains("was sold out"), "\(again.error)")
        let refreshed = try await booking.run(["offers", "--json", "--refresh"] + Self.search + ["--guests", "2"])
            .json()
        let relisted = try #require(
            (refreshed["offers"] as? [[String: Any]])?.first { $0["offerId"] as? String == id })
        #expect(relisted["mark"] is NSNull)
    }

    @Test func holdAndPayWithTheServerGoneSayOfflineAndWhatWaits() async throws {
        let sandbox = try await SandboxProcess()
        let booking = InProcess(server: sandbox.url, label: "cli-offline")
        let offers = try await booking.offers()
        let second = try #require(offers[1]["offerId"] as? String)
        try await booking.holdAnOffer()
        await sandbox.stop()

        let pay = try await booking.run(["pay"])
        #expect(pay.output.contains("You are offline. Holding and paying need a connection."), "\(pay.output)")
        #expect(pay.output.contains("Offline: no payment was sent."), "\(pay.output)")
        let hold = try await booking.run(["hold", second, "--no-wait"])
        #expect(hold.status == 1)
        #expect(hold.output.contains("You are offline. Holding and paying need a connection."), "\(hold.output)")
        #expect(hold.output.contains("(You are offline.)"), "\(hold.output)")
        #expect(hold.output.contains("again once the connection is back"))
        // What the device has shows at once: the saved searches, their age.
        let offline = try await booking.run(["offers"] + Self.search + ["--guests", "3"])
        #expect(offline.status == 1)
        #expect(offline.output.contains("Offline. Offers saved on this device:"), "\(offline.output)")
        #expect(offline.output.contains("--guests 2  (quoted "))
    }
}
