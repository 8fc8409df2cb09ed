import BookingCLI
import Foundation
import TestSupport
import Testing

/// `booking stats`: how this device's sessions ended, from its event logs.
@Suite struct StatsCommandTests {
    /// A hold, a payment killed before it left, and the next `pay` (which
    /// finds the key unused, closes it and pays again): three sessions, two
    /// with a payment, one of them through Unknown and settled, one that
    /// stopped with its payment in flight.
    @Test func aKilledPaymentAndItsRecoveryAreCountedFromTheRealLogs() async throws {
        let sandbox = try await SandboxProcess()
        let booking = Booking(server: sandbox.url, label: "stats-kill")
        let cli = InProcess(sharing: booking)
        try await cli.holdAnOffer()
        try await booking.runKilled(["pay"], at: "before pay")
        let again = try await cli.run(["pay"])
        try #require(again.status == 0, "\(again.output) \(again.error)")

        let run = try await cli.run(["stats", "--json"])
        #expect(run.status == 0, "\(run.error)")
        let stats = try run.json()
        #expect(stats["sessions"] as? Int == 3)
        #expect(stats["paymentSessions"] as? Int == 2)
        #expect(stats["paymentOutcomes"] as? [String: Int] == ["confirmed": 1, "submitting": 1])
        #expect(stats["passedThroughUnknown"] as? Int == 1)
        #expect(stats["passedThroughUnknownShare"] as? Double == 0.5)
        #expect(stats["endedInUnknown"] as? Int == 0)
        let time = try #require(stats["timeToOutcomeMs"] as? [String: Any])
        #expect(time["settled"] as? Int == 1)
        let p50 = try #require(time["p50"] as? Int)
        #expect(p50 >= 0 && p50 < 60_000)

        let text = try await cli.run(["stats"])
        #expect(text.output.contains("Sessions on this device: 3"))
        #expect(text.output.contains("passed through Unknown: 1 (50.0%)"))
    }

    /// Runs in two rollout groups (`BOOKING_COHORT`): each payment session
    /// is counted in its group, beside the totals; a group of another shape
    /// is a usage error before anything runs.
    @Test func paymentsInTwoRolloutGroupsAreComparedGroupByGroup() async throws {
        let sandbox = try await SandboxProcess()
        let cli = InProcess(sharing: Booking(server: sandbox.url, label: "stats-cohorts"))
        for (index, cohort) in ["control", "new-checkout"].enumerated() {
            try await cli.holdAnOffer(index: index)
            let paid = try await cli.run(["pay"], environment: ["BOOKING_COHORT": cohort])
            try #require(paid.status == 0, "\(paid.output) \(paid.error)")
        }
        let stats = try await cli.run(["stats", "--json"]).json()
        #expect(stats["paymentSessions"] as? Int == 2)
        let cohorts = try #require(stats["cohorts"] as? [String: [String: Any]])
        #expect(Set(cohorts.keys) == ["control", "new-checkout"])
        for figures in cohorts.values {
            #expect(figures["paymentSessions"] as? Int == 1)
            #expect(figures["passedThroughUnknownShare"] as? Double == 0)
            #expect((figures["timeToOutcomeMs"] as? [String: Any])?["settled"] as? Int == 1)
        }
        let text = try await cli.run(["stats"])
        #expect(text.output.contains("Cohort new-checkout: 1 payment sessions"), "\(text.output)")
        let bad = try await cli.run(["stats"], environment: ["BOOKING_COHORT": "new checkout"])
        #expect(bad.status == 2)
        #expect(bad.error.contains("BOOKING_COHORT"))
        await sandbox.stop()
    }

    /// No logs yet: said so, exit 0, nothing opened or sent; an unreadable
    /// log is counted and skipped.
    @Test func noLogsAndABadLogAreSaidPlainly() async throws {
        let cli = InProcess(label: "stats-empty")
        let empty = try await cli.run(["stats"])
        #expect(empty.status == 0)
        #expect(empty.output.contains("No booking sessions on this device yet"))
        let logs = cli.dataDirectory + "/logs"
        try FileManager.default.createDirectory(atPath: logs, withIntermediateDirectories: true)
        try "not json\n".write(toFile: logs + "/20261202T010203.000Z-pay-42.jsonl", atomically: true, encoding: .utf8)
        try "ignored\n".write(toFile: logs + "/notes.txt", atomically: true, encoding: .utf8)
        let run = try await cli.run(["stats", "--json"])
        #expect(run.status == 0)
        let stats = try run.json()
        #expect(stats["sessions"] as? Int == 0)
        #expect(stats["unreadableLogs"] as? Int == 1)
        #expect(stats["passedThroughUnknownShare"] is NSNull)
    }
}

/// The figures themselves, over sessions written out by hand.
@Suite struct SessionStatsTests {
    typealias Session = SessionStats.Session

    @Test func unknownSharesCountOnlyPaymentSessionsAndTimesStartWhenThePaymentLeft() {
        let sessions = [
            Session(stages: ["offerChosen", "requestingHold", "held"], times: [0, 10, 20]),
            Session(stages: ["held", "submitting", "unknown", "confirmed"], times: [100, 200, 1_200, 2_200]),
            Session(stages: ["submitting", "unknown"], times: [0, 500]),
            Session(stages: ["held", "submitting", "failed"], times: [0, 1_000, 1_300]),
            Session(stages: [], times: []),
        ]
        let stats = SessionStats(sessions, finalStages: ["confirmed", "failed", "notPaid"])
        #expect(stats.sessions == 4)
        #expect(stats.byOutcome == ["held": 1, "confirmed": 1, "unknown": 1, "failed": 1])
        #expect(stats.paymentSessions == 3)
        #expect(stats.passedThroughUnknown == 2)
        #expect(stats.endedInUnknown == 1)
        #expect(stats.endedInUnknownShare == 1.0 / 3.0)
        #expect(stats.timesToOutcome == [300, 2_000])
        #expect(stats.timeToOutcome(percentile: 50) == 300)
        #expect(stats.timeToOutcome(percentile: 95) == 2_000)
    }

    @Test func withoutPaymentsThereIsNoShare() {
        let stats = SessionStats([Session(stages: ["held"], times: [1])], finalStages: ["confirmed"])
        #expect(stats.passedThroughUnknownShare == nil)
        #expect(stats.timeToOutcome(percentile: 50) == nil)
    }
}
