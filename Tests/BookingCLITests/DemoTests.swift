import Foundation
import TestSupport
import Testing

@Suite struct DemoTests {
    @Test func theDemoRunsEndToEndAndProvesOneChargePerAttempt() async throws {
        let home = TemporaryDirectory("cli-demo")
        let run = await InProcess.bare(["demo"], environment: ["NO_COLOR": "1", "XDG_DATA_HOME": home.path])
        #expect(run.status == 0, "\(run.output) \(run.error)")
        // Its own clock: the test may have waited for a slot first. A bound
        // against a wait that never ends (the lookups' 120 s), not a
        // stopwatch: 3.2 s alone, 29.3 s beside the whole suite on 2 cores.
        let seconds = run.output.split(separator: "\n").first { $0.hasPrefix("Demo finished in ") }
            .flatMap { Double($0.dropFirst("Demo finished in ".count).dropLast(" s.".count)) }
        #expect((seconds ?? 999) < 90, "\(run.output)")
        for step in ["1/7 Search", "2/7 Offers", "3/7 Hold", "4/7 Pay through 3-D Secure", "5/7", "6/7 Trips", "7/7"] {
            #expect(run.output.contains(step), "missing \(step)")
        }
        #expect(run.output.contains("left to pay"))
        #expect(run.output.contains("Checking your payment"))
        #expect(run.output.contains("ledger: 2 charge(s) for 2 attempts"))
        #expect(run.output.contains("PROVED: one charge per attempt"))
        // Never the user's data directory.
        #expect(!FileManager.default.fileExists(atPath: home.file("booking")))
    }

    @Test func theDemoAsJSONCarriesItsProof() async throws {
        let run = await InProcess.bare(["demo", "--json"])
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

    @Test(arguments: [["--server", "http://127.0.0.1:9"], ["--data-dir", "/tmp/booking-demo-elsewhere"]])
    func theDemoRefusesAServerOrDataDirectoryItWouldNotUse(_ option: [String]) async throws {
        let run = await InProcess.bare(["demo"] + option)
        #expect(run.status == 2, "\(run.output) \(run.error)")
        #expect(run.errorLines.count == 1, "\(run.error)")
        #expect(run.error.contains("its own embedded sandbox in a temporary directory"), "\(run.error)")
        #expect(run.output.isEmpty)
    }
}
