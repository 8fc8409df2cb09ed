import Foundation
import Testing

/// Every command's happy path against a separately started sandbox, with
/// `--json` parsed and checked for its documented fields; then the server
/// stops and the offline viewer still shows the trips and their age.
/// `booking-cli`'s commands run in this process (`cli`); `trips` and
/// `trip ID` are the lean viewer's, in the built `booking` (`viewer`).
@Suite struct JourneyTests {
    @Test func everyCommandWorksWithJSONAndTheTripsStayReadableWhenTheServerStops() async throws {
        let sandbox = try await SandboxProcess()
        let viewer = Booking(server: sandbox.url)
        let booking = InProcess(sharing: viewer)

        let search = try await booking.run(["search", "Lisbon", "--json"]).json()
        #expect(search["source"] as? String == "server")
        let places = try #require(search["places"] as? [[String: Any]])
        #expect(places.first?["placeId"] as? String == "plc_lisbon")
        #expect(places.first?["name"] != nil && places.first?["country"] != nil)

        let offersRun = try await booking.run([
            "offers", "--json", "--place", "plc_lisbon", "--check-in", Booking.date(20),
            "--check-out", Booking.date(22), "--guests", "2",
        ])
        let offers = try offersRun.json()
        for field in ["query", "page", "hasMore", "quotedAt", "pricesMayHaveChanged", "fromCache", "offline", "offers"]
        {
            #expect(offers[field] != nil, "offers lacks \(field)")
        }
        #expect(offers["fromCache"] as? Bool == false)
        let first = try #require((offers["offers"] as? [[String: Any]])?.first)
        for field in [
            "offerId", "quoteId", "propertyName", "city", "roomName", "checkIn", "checkOut", "guests", "price",
        ] {
            #expect(first[field] != nil, "an offer lacks \(field)")
        }
        let offerID = try #require(first["offerId"] as? String)
        let again = try await booking.run([
            "offers", "--json", "--place", "plc_lisbon", "--check-in", Booking.date(20),
            "--check-out", Booking.date(22), "--guests", "2",
        ]).json()
        #expect(again["fromCache"] as? Bool == true)

        let hold = try await booking.run(["hold", offerID, "--json"])
        #expect(hold.status == 0, "\(hold.error)")
        let held = try hold.json()
        #expect(held["outcome"] as? String == "held")
        #expect(held["exitCode"] as? Int == 0)
        let holdState = try #require(held["state"] as? [String: Any])
        #expect(holdState["stage"] as? String == "held")
        #expect((holdState["secondsLeft"] as? Int ?? 0) > 800)
        #expect(holdState["holdId"] as? String != nil)
        #expect((holdState["actions"] as? [[String: Any]])?.first?["action"] as? String == "pay")

        let pay = try await booking.run(["pay", "--json"])
        #expect(pay.status == 0, "\(pay.error)")
        let paid = try pay.json()
        #expect(paid["outcome"] as? String == "confirmed")
        #expect(paid["exitCode"] as? Int == 0)
        let paidState = try #require(paid["state"] as? [String: Any])
        let bookingID = try #require(paidState["bookingId"] as? String)
        #expect(paidState["voucherCode"] as? String != nil)
        #expect(paidState["title"] as? String == "Booking confirmed")
        let log = try #require(paid["eventLog"] as? String)

        let status = try await booking.run(["status", "--json"]).json()
        #expect((status["attempt"] as? [String: Any])?["phase"] as? String == "CONFIRMED")
        #expect((status["trip"] as? [String: Any])?["bookingId"] as? String == bookingID)

        // --json shows the device's copy at once; --refresh waits for the server.
        let copy = try await viewer.run(["trips", "--json"]).json()
        #expect((copy["trips"] as? [[String: Any]])?.first?["bookingId"] as? String == bookingID)
        // Not asked to refresh is not offline.
        #expect(copy["offline"] as? Bool == false)
        #expect(copy["notRefreshed"] as? String == "not asked for (--refresh checks with the server first)")
        let trips = try await viewer.run(["trips", "--json", "--refresh"]).json()
        #expect((trips["trips"] as? [[String: Any]])?.first?["bookingId"] as? String == bookingID)
        #expect(trips["offline"] as? Bool == false)
        #expect(trips["notRefreshed"] is NSNull)
        for field in ["syncedAt", "syncedAgo", "ageSeconds"] { #expect(trips[field] != nil) }

        let trip = try await viewer.run(["trip", bookingID, "--json"]).json()
        #expect((trip["trip"] as? [String: Any])?["status"] as? String == "CONFIRMED")

        let opened = try await booking.run(["open", "https://example.com/trips/\(bookingID)"])
        #expect(opened.status == 0)
        #expect(opened.output.contains(bookingID))

        let replay = try await booking.run(["replay", log, "--json"])
        #expect(replay.status == 0)
        #expect(try replay.json()["matches"] as? Bool == true)

        let reconcile = try await booking.run(["reconcile", "--json"])
        #expect(reconcile.status == 0)
        let report = try reconcile.json()
        for field in ["examined", "confirmed", "failed", "expired", "cancelled", "stillPending", "errors"] {
            #expect(report[field] as? Int == 0, "reconcile \(field)")
        }

        let ledger = try await sandbox.ledger()
        #expect(ledger.chargeCount == 1)

        let cancel = try await booking.run(["cancel", bookingID, "--json", "--yes"])
        #expect(cancel.status == 0, "\(cancel.error)")
        #expect(try cancel.json()["status"] as? String == "CANCELLED")

        // The server goes away: the trips still show, quickly, with their age.
        await sandbox.stop()
        let started = Date()
        let offline = try await viewer.run(["trips"])
        #expect(offline.status == 0, "\(offline.error)")
        #expect(Date().timeIntervalSince(started) < 6)
        #expect(offline.output.contains(bookingID))
        #expect(offline.output.contains("Offline: this device's copy, synced "))
        #expect(offline.output.contains(" ago."))
        let offlineJSON = try await viewer.run(["trip", bookingID, "--json"]).json()
        #expect(offlineJSON["notRefreshed"] as? String == "not asked for (--refresh checks with the server first)")
        #expect(offlineJSON["syncedAgo"] as? String != nil)
    }

    @Test func theEmbeddedSandboxNeedsNothingSetUp() async throws {
        let viewer = Booking(label: "cli-embedded")
        let booking = InProcess(sharing: viewer)
        let search = try await booking.run(["search", "Lisbon"])
        #expect(search.status == 0)
        #expect(search.output.contains("plc_lisbon  Lisbon, Portugal"))
        let offerID = try await booking.holdAnOffer(index: 1)
        let status = try await booking.run(["status"])
        #expect(status.status == 0)
        #expect(status.output.contains("HELD"))
        #expect(status.output.contains("Room held"))
        // 15:00 when `status` runs within the hold's first second (rounded up), 14:xx after it.
        #expect(status.output.contains("time left: 14:") || status.output.contains("time left: 15:00"))
        let pay = try await booking.run(["pay"])
        #expect(pay.status == 0, "\(pay.output) \(pay.error)")
        #expect(pay.output.contains("Outcome: confirmed. Booking confirmed: Your voucher: "))
        let trips = try await viewer.run(["trips"])
        #expect(trips.output.contains("CONFIRMED"))
        #expect(trips.output.contains("synced just now"))
        // The embedded sandbox keeps its state in the data directory.
        #expect(FileManager.default.fileExists(atPath: booking.dataDirectory + "/sandbox/sandbox.sqlite"))
        #expect(!offerID.isEmpty)
    }

    @Test func aDeclinedCardAndAFailedChallengeEndInANamedFailure() async throws {
        let booking = InProcess(label: "cli-declined")
        try await booking.holdAnOffer(index: 0)
        let declined = try await booking.run(["pay", "--card", "tok_chargeDeclined"])
        #expect(declined.status == 1)
        #expect(declined.output.contains("Outcome: failed. Payment declined: Your bank declined the payment."))

        try await booking.holdAnOffer(index: 2)
        let challenged = try await booking.run([
            "pay", "--card", "tok_threeDSecureRequired", "--challenge", "fail", "--json",
        ])
        #expect(challenged.status == 1)
        let state = try #require(try challenged.json()["state"] as? [String: Any])
        #expect(state["stage"] as? String == "failed")
        #expect(state["message"] as? String == "The payment did not go through.")
    }

    @Test func threeDSecureOnTheSandboxIsPassedAndConfirmed() async throws {
        let booking = InProcess(label: "cli-3ds")
        try await booking.holdAnOffer(index: 0)
        let pay = try await booking.run(["pay", "--card", "tok_threeDSecureRequired"])
        #expect(pay.status == 0, "\(pay.output) \(pay.error)")
        #expect(pay.output.contains("Confirm with your bank"))
        #expect(pay.output.contains("sandbox: completing the bank's page (pass)"))
        #expect(pay.output.contains("Outcome: confirmed."))
    }
}
