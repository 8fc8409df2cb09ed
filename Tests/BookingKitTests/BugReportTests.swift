import BookingAPI
import BookingCore
import BookingStore
import BookingTestSupport
import Foundation
import Testing

@testable import BookingKit

/// A bug report bundles one attempt's row and the logs of the runs that
/// touched it, redacted, and replays to the same states.
@Suite struct BugReportTests {
    static let apiKey = "sk_live_bundle_secret_8c1f"
    static let card = "4111 1111 1111 1111"

    /// A payment whose answer was lost (looked up, then confirmed), then
    /// the bundle of its attempt.
    func bundle(attempt chosen: AttemptID? = nil) async throws -> (report: BugReport, data: Data, harness: Harness) {
        let harness = try Harness(route: .inProcess)
        harness.sandbox.transport.inject(.init("POST", "/v1/bookings", fault: "drop-response-after-commit"))
        let attempt = try await harness.holdAnOffer(attempt: chosen)
        await harness.flow.send(.guestEntered(BookingFlow.Samples.guest))
        await harness.flow.send(.payTapped(PaymentToken("tok_visa"), now: .origin))
        #expect(await harness.waitForFinal().stage.kind == .confirmed)
        let database = try BookingDatabase(directory: harness.sandbox.clientDirectory, access: .readOnly)
        let made = try BugReport.make(
            attempt: attempt, database: database, logDirectory: harness.sandbox.directory.file("client"),
            program: "booking 0.2.0", secrets: [Self.apiKey])
        #expect(made.skippedLogs.isEmpty)
        let data = try made.report.encoded(removing: [Self.apiKey])
        return (try BugReport(data: data), data, harness)
    }

    @Test func aBundleOfALostAnswerPaymentReplaysToTheSameStates() async throws {
        let (report, _, _) = try await bundle()
        #expect(report.runs.count == 1)
        let entries = try #require(report.runs.first?.entries)
        #expect(entries.contains { $0.state == "unknown" })
        #expect(entries.last?.state == "confirmed")
        let replay = report.replay()
        #expect(replay.departure == nil)
        #expect(replay.steps == entries.count)
        #expect(report.attempt["phase"] == "CONFIRMED")
        #expect(report.schema.first?.hasPrefix("booking_0001") == true)
    }

    @Test func noTokenVoucherOrKeyOfARealPaymentReachesTheBundle() async throws {
        let (report, data, harness) = try await bundle()
        let text = String(decoding: data, as: UTF8.self)
        let database = try BookingDatabase(directory: harness.sandbox.clientDirectory, access: .readOnly)
        let voucher = try #require(try database.trips.all().first?.voucherCode)
        for secret in ["tok_visa", voucher, Self.apiKey] {
            #expect(!text.contains(secret), "\(secret) is in the bundle")
        }
        #expect(text.contains(Redaction.placeholder))
        #expect(report.replay().departure == nil)
    }

    @Test func secretsPlantedInEveryFieldOfTheLogAndTheRowAreRemoved() throws {
        let directory = TemporaryDirectory("bug-report")
        let planted = "\(Self.apiKey) \(Self.card) tok_planted"
        let database = try BookingDatabase(directory: directory.path)
        let attempt = BookingFlow.Attempt(
            id: AttemptID("A-\(Self.apiKey)"), key: IdempotencyKey("K \(Self.card)"),
            offerID: OfferID("offer \(planted)"), quoteID: QuoteID("quote \(planted)"))
        var saved = SavedAttempt(attempt: attempt, createdAtMilliseconds: 1)
        saved.holdID = HoldID("hold \(planted)")
        try database.startAttempt(saved)
        let log = try EventLog(path: directory.file("logs/20261202T040000.000Z-pay-1.jsonl"))
        let offer = BookingFlow.Samples.offer
        var state = BookingFlow.initialState
        for event: BookingFlow.Event in [
            .offerChosen(offer), .holdTapped(attempt: attempt.id, key: attempt.key),
            .holdFailed(attempt.id, .soldOut),
        ] {
            let step = BookingFlow.reduce(state, event)
            log.append(event, state: step.state, effects: step.effects)
            state = step.state
        }
        let made = try BugReport.make(
            attempt: attempt.id, database: database, logDirectory: directory.file("logs"), program: "booking",
            secrets: [Self.apiKey])
        let text = String(decoding: try made.report.encoded(removing: [Self.apiKey]), as: UTF8.self)
        for secret in [Self.apiKey, Self.card, "4111111111111111"] {
            #expect(!text.contains(secret), "\(secret) is in the bundle")
        }
        #expect(made.report.runs.count == 1)
        #expect(made.report.replay().departure == nil)
    }

    /// An attempt id holding a card-like digit run (`4111-1111-00005`: 13
    /// digits, Luhn-valid; 1 random UUID in about 480 has such a run) stays whole
    /// in the log, the row and the encoded report, so the report finds its
    /// run and names the attempt.
    @Test func anAttemptIdHoldingACardLikeRunKeepsItsRunsAndItsName() async throws {
        #expect(Redaction.containsCardNumber("4111-1111-00005"))
        let attempt = AttemptID("a129dcdb-ab2e-4111-1111-00005f154dbd")
        let (report, data, _) = try await bundle(attempt: attempt)
        #expect(report.runs.count == 1)
        #expect(report.attempt["attemptId"] == attempt.rawValue)
        #expect(report.replay().departure == nil)
        #expect(!String(decoding: data, as: UTF8.self).contains("tok_visa"))
    }

    @Test func aHandEditedBundleSaysWhereItDeparts() async throws {
        var (report, _, _) = try await bundle()
        try #require(report.runs.count == 1)
        let index = try #require(report.runs[0].entries.firstIndex { $0.state == "unknown" })
        report.runs[0].entries[index].state = "confirmed"
        let departure = try #require(report.replay().departure)
        #expect(departure.sequence == report.runs[0].entries[index].sequence)
        #expect(departure.logged.hasPrefix("confirmed"))
        #expect(departure.replayed.hasPrefix("unknown"))
    }

    @Test func aTruncatedANewerOrAForeignBundleIsAClearError() async throws {
        let (_, data, _) = try await bundle()
        #expect(throws: BugReportError.self) { try BugReport(data: data.prefix(data.count / 2)) }
        var object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        object["format"] = 99
        let newer = try JSONSerialization.data(withJSONObject: object)
        #expect(throws: BugReportError.newerFormat(99)) { try BugReport(data: newer) }
        #expect(throws: BugReportError.self) { try BugReport(data: Data(#"{"sequence": 1}"#.utf8)) }
    }

    /// A log directory that cannot be listed is named, not read as "no
    /// runs"; one not made yet is no runs and nothing skipped.
    @Test func anUnlistableLogDirectoryIsNamedNotTakenForNoRuns() throws {
        let directory = TemporaryDirectory("bug-report")
        let database = try BookingDatabase(directory: directory.path)
        let attempt = BookingFlow.Attempt(
            id: AttemptID("A1"), key: IdempotencyKey("K1"), offerID: OfferID("offer"), quoteID: QuoteID("quote"))
        try database.startAttempt(SavedAttempt(attempt: attempt, createdAtMilliseconds: 1))
        // A file where the directory should be: there, and not a directory (root lists any directory).
        _ = FileManager.default.createFile(atPath: directory.file("logs"), contents: Data())
        let made = try BugReport.make(
            attempt: attempt.id, database: database, logDirectory: directory.file("logs"), program: "booking")
        #expect(made.report.runs.isEmpty)
        #expect(made.skippedLogs.count == 1 && made.skippedLogs[0].hasPrefix(directory.file("logs")))
        let none = try BugReport.make(
            attempt: attempt.id, database: database, logDirectory: directory.file("no-logs"), program: "booking")
        #expect(none.skippedLogs.isEmpty && none.report.runs.isEmpty)
    }

    @Test func anUnknownAttemptOrNoneAtAllIsSaid() throws {
        let directory = TemporaryDirectory("bug-report")
        let database = try BookingDatabase(directory: directory.path)
        #expect(throws: BugReportError.noAttempt) {
            try BugReport.make(attempt: nil, database: database, logDirectory: directory.path, program: "booking")
        }
        #expect(throws: BugReportError.unknownAttempt("A9")) {
            try BugReport.make(
                attempt: AttemptID("A9"), database: database, logDirectory: directory.path, program: "booking")
        }
    }
}
