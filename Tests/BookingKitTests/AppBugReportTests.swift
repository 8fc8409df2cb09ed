import BookingAPI
import BookingCore
import BookingKit
import BookingTestSupport
import Foundation
import Testing

/// Bug reports an app makes with its public calls: the event log kept when
/// the configuration asks, a report of a payment whose answer was lost,
/// redacted and replayed, and the log's limits.
@Suite struct AppBugReportTests {
    @Test func anAppsReportOfALostAnswerPaymentHasNoSecretAndReplaysToTheSameStates() async throws {
        let sandbox = try SandboxFixture(route: .loopback)
        defer { Task { await sandbox.stop() } }
        let logs = TemporaryDirectory("app-event-log")
        var configuration = ClientFixture.configuration(sandbox: sandbox)
        configuration.flowLog = FlowLogSettings(directory: URL(fileURLWithPath: logs.path))
        let client = try BookingClient(configuration, dependencies: Dependencies(sleeper: NoSleeper()))
        let fixture = ClientFixture(sandbox: sandbox, client: client)
        sandbox.transport.inject(.init("POST", "/v1/bookings", fault: "drop-response-after-commit"))
        let final = try await fixture.holdFirstOfferAndPay(with: "tok_visa")
        #expect(final.stage.kind == .confirmed)

        let report = try client.bugReport()
        let data = try report.encoded()
        let text = String(decoding: data, as: UTF8.self)
        let voucher = try #require(try await sandbox.client().bookings().first?.voucherCode)
        for secret in ["tok_visa", voucher, "sk_test_test"] {
            #expect(!text.contains(secret), "\(secret) is in the report")
        }
        let read = try BugReport(data: data)
        #expect(read.logNames.count == 1)
        #expect(read.logNames.first?.hasPrefix("bookingkit-") == true)
        #expect(read.attempt["phase"] == "CONFIRMED")
        #expect(read.stepCount > 5)
        #expect(text.contains("\"unknown\""), "the lost answer's unknown stage is in the log")
        let replay = read.replay()
        #expect(replay.departure == nil)
        #expect(replay.steps == read.stepCount)
    }

    @Test func anAppWithoutAnEventLogReportsTheRowAloneAndWritesNoLog() async throws {
        let fixture = try ClientFixture()
        defer { Task { await fixture.sandbox.stop() } }
        _ = try await fixture.holdFirstOfferAndPay(with: "tok_visa")
        let report = try fixture.client.bugReport()
        #expect(report.logNames.isEmpty)
        #expect(report.attempt["phase"] == "CONFIRMED")
        #expect(throws: BugReportError.unknownAttempt("nope")) {
            try fixture.client.bugReport(attempt: AttemptID("nope"))
        }
    }

    @Test func logsOverTheByteLimitAreTrimmedOldestFirstAndOldOnesByAge() async throws {
        let sandbox = try SandboxFixture(route: .inProcess)
        let logs = TemporaryDirectory("app-event-log-trim")
        let files = FileManager.default
        try files.createDirectory(atPath: logs.path, withIntermediateDirectories: true)
        let names = [
            "bookingkit-20261101T000000.000Z-1.jsonl", "bookingkit-20261102T000000.000Z-2.jsonl",
            "bookingkit-20261103T000000.000Z-3.jsonl", "bookingkit-20261104T000000.000Z-4.jsonl",
        ]
        for name in names {
            try Data(repeating: UInt8(ascii: "x"), count: 3_000).write(to: URL(fileURLWithPath: logs.file(name)))
        }
        try Data(repeating: 0, count: 50_000).write(to: URL(fileURLWithPath: logs.file("notes.txt")))
        // The newest by name is also the oldest on disk: gone by age.
        try files.setAttributes(
            [.modificationDate: Date().addingTimeInterval(-8 * 86_400)], ofItemAtPath: logs.file(names[3]))
        var configuration = ClientFixture.configuration(sandbox: sandbox)
        configuration.flowLog = FlowLogSettings(directory: URL(fileURLWithPath: logs.path), maximumBytes: 5_000)
        let client = try BookingClient(configuration, dependencies: Dependencies(sleeper: NoSleeper()))
        await client.launch()
        let left = try files.contentsOfDirectory(atPath: logs.path).sorted()
        #expect(!left.contains(names[0]) && !left.contains(names[1]), "the oldest go first: \(left)")
        #expect(left.contains(names[2]))
        #expect(!left.contains(names[3]), "older than seven days")
        #expect(left.contains("notes.txt"), "another file is left alone")
        #expect(left.filter { $0.hasPrefix("bookingkit-") }.count == 2, "the one kept and this run's: \(left)")
    }

    @Test func anEventTheFlowDropsIsLoggedAtDebugWithItsStageAndName() async throws {
        let sandbox = try SandboxFixture(route: .inProcess)
        let log = RecordingLogHandler()
        let runtime = try BookingRuntime(
            directory: sandbox.clientDirectory, api: sandbox.client(), dependencies: Dependencies(sleeper: NoSleeper()),
            logHandler: log)
        await runtime.flow.send(.guestEntered(BookingFlow.Samples.guest))
        await runtime.flow.send(.payTapped(PaymentToken("tok_visa"), now: .origin))
        let dropped = log.records.filter { $0.message == "the flow dropped an event" }
        #expect(dropped.count == 1)
        #expect(dropped.first?.level == .debug)
        #expect(dropped.first?.metadata["stage"] == "browsing")
        #expect(dropped.first?.metadata["event"] == "payTapped")
        #expect(!log.records.contains { $0.text.contains("tok_visa") })
    }
}
