import Foundation
import Testing

@Suite struct DemoTests {
    @Test func theDemoRunsEndToEndAndProvesOneChargePerAttempt() async throws {
        let booking = Booking(label: "cli-demo")
        let started = Date()
        let run = try await booking.run(["demo"])
        #expect(run.status == 0, "\(run.output) \(run.error)")
        #expect(Date().timeIntervalSince(started) < 20)
        for step in ["1/7 Search", "2/7 Offers", "3/7 Hold", "4/7 Pay through 3-D Secure", "5/7", "6/7 Trips", "7/7"] {
            #expect(run.output.contains(step), "missing \(step)")
        }
        #expect(run.output.contains("left to pay"))
        #expect(run.output.contains("Checking your payment"))
        #expect(run.output.contains("ledger: 2 charge(s) for 2 attempts"))
        #expect(run.output.contains("PROVED: one charge per attempt"))
        // Never the user's data directory.
        #expect(!FileManager.default.fileExists(atPath: booking.dataDirectory + "/booking.sqlite"))
    }

    @Test func theDemoAsJSONCarriesItsProof() async throws {
        let run = try await Booking(label: "cli-demo-json").run(["demo", "--json"])
        #expect(run.status == 0, "\(run.error)")
        let json = try run.json()
        #expect(json["proved"] as? Bool == true)
        #expect(json["lostAnswerRecovered"] as? Bool == true)
        #expect(json["chargeCount"] as? Int == 2)
        let attempts = try #require(json["attempts"] as? [[String: Any]])
        #expect(attempts.count == 2)
        #expect(attempts.allSatisfy { $0["charges"] as? Int == 1 && $0["outcome"] as? String == "confirmed" })
        #expect((json["trips"] as? [Any])?.count == 2)
    }
}
