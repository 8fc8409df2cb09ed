import Foundation
import TestSupport
import Testing

/// One data directory, used by two servers or two accounts: each pair
/// keeps its own space (the first at the top, the others under
/// `spaces/`). Nothing of one is shown, looked up or settled by the other,
/// and the first finds everything again when it comes back. Real
/// processes, real sandboxes over loopback, the static viewer included.
@Suite struct DataSpaceTests {
    @Test func aPaymentLeftOpenOnOneServerIsSettledOnlyByThatServer() async throws {
        let first = try await SandboxProcess()
        let second = try await SandboxProcess()
        var booking = Booking(server: first.url, label: "cli-space-server")
        _ = try await booking.holdAnOffer()
        // The payment runs on the first server; its answer is never saved.
        try await booking.runKilled(["pay"], at: "after pay")

        let firstServer = booking.global
        booking.global = ["--data-dir", booking.directory.file("data"), "--server", second.url]
        let elsewhere = try await booking.run(["reconcile"])
        #expect(elsewhere.status == 0, "\(elsewhere.output) \(elsewhere.error)")
        #expect(
            !elsewhere.output.contains("not paid") && !elsewhere.output.contains("never ran"), "\(elsewhere.output)")
        let status = try await booking.run(["status", "--json"])
        let attempt = try status.json()["attempt"]
        #expect(attempt == nil || attempt is NSNull, "\(status.output)")
        #expect(try await second.ledger().chargeCount == 0)

        booking.global = firstServer
        // Left open by the other server, settled by this one's own lookup
        // (the launch's, or reconcile's) as the payment it charged.
        let settled = try await booking.run(["reconcile"])
        #expect(settled.status == 0, "\(settled.output) \(settled.error)")
        let paid = try #require(try await booking.run(["status", "--json"]).json()["attempt"] as? [String: Any])
        #expect(paid["phase"] as? String == "CONFIRMED")
        #expect(try await first.ledger().chargeCount == 1)
        await first.stop()
        await second.stop()
    }

    @Test func anotherAccountSeesNoneOfTheFirstAccountsTripsAndTheFirstFindsThemAllAgain() async throws {
        var booking = Booking(label: "cli-space-account")
        let bookingID = try await booking.holdAndPay()
        let data = booking.directory.file("data")
        let own = try await booking.run(["trips"])
        #expect(own.status == 0 && own.output.contains(bookingID), "\(own.output) \(own.error)")

        let first = booking.global
        booking.global = ["--data-dir", data, "--api-key", "sk_test_other"]
        let firstRun = try await booking.run(["trips"])
        #expect(firstRun.status == 0 && !firstRun.output.contains(bookingID), "\(firstRun.output)")
        #expect(firstRun.error.contains("this server and account are new to"), "\(firstRun.error)")
        for arguments in [["trips"], ["trips", "--refresh"], ["trip", bookingID], ["status"]] {
            let run = try await booking.run(arguments)
            #expect(!run.output.contains(bookingID), "\(arguments): \(run.output)")
        }
        let listed = try await booking.run(["--json", "trips"])
        #expect((try listed.json()["trips"] as? [Any])?.isEmpty == true, "\(listed.output) \(listed.error)")

        booking.global = first
        let back = try await booking.run(["trips"])
        #expect(back.status == 0 && back.output.contains(bookingID), "\(back.output) \(back.error)")
        let owner = try String(contentsOfFile: data + "/owner", encoding: .utf8)
        #expect(owner.hasPrefix("BookingKit data space 1\nserver embedded\n"))
        #expect(!owner.contains("sk_test"), "the key itself is on disk: \(owner)")
        let spaces = try FileManager.default.contentsOfDirectory(atPath: data + "/spaces")
        #expect(spaces.count == 1)
    }
}
