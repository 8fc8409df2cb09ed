import BookingAPI
import BookingCore
import BookingPrimitives
import BookingStore
import BookingTestSupport
import Foundation
import TestSupport
import Testing

@testable import BookingKit

/// Errors reach the app: what the runtime works around, or shows as an
/// event, also reaches the app's log handler, with the attempt and the
/// effect named and never a card number.
@Suite(.hangLimit) struct LoggingTests {
    @Test func aPaymentWhoseSaveFailsOnAFullDiskLogsAnErrorNamingTheAttemptOverLoopback() async throws {
        let sandbox = try SandboxFixture(route: .loopback)
        let logs = RecordingLogHandler()
        let runtime = try BookingRuntime(
            directory: sandbox.clientDirectory, api: sandbox.client(), dependencies: Dependencies(sleeper: NoSleeper()),
            logPath: sandbox.directory.file("client/events.log"), logHandler: logs)
        let offer = try await Harness.firstOffer(from: runtime.api)
        let (attempt, key) = Harness.newAttempt()
        await runtime.flow.send(.offerChosen(offer))
        await runtime.flow.send(.holdTapped(attempt: attempt, key: key))
        #expect(await runtime.flow.firstState { $0.stage.kind == .held } != nil)

        try await runtime.repository.fillTheDisk(when: "UPDATE")
        let card = "4242424242424242"
        await runtime.flow.send(.guestEntered(BookingFlow.Samples.guest))
        await runtime.flow.send(.payTapped(PaymentToken("tok_\(card)"), now: runtime.holdNow()))
        #expect(await runtime.flow.firstState { $0.stage.isFinal } != nil)

        // The UI still shows the failed save, as before.
        #expect(await runtime.flow.state.message == BookingFlow.storageFullMessage)
        let errors = logs.records.filter { $0.level == .error }
        let save = try #require(errors.first { $0.message == "cannot save the attempt's phase" })
        #expect(save.metadata["attempt"] == attempt.rawValue)
        #expect(save.metadata["phase"] == AttemptPhase.paymentSubmitted.rawValue)
        #expect(save.metadata["effect"]?.isEmpty == false)
        #expect(save.metadata["error"]?.isEmpty == false)
        #expect(save.source == "effects")
        #expect(!logs.records.contains { $0.text.contains(card) || Redaction.containsCardNumber($0.text) })
        #expect(sandbox.transport.requests("POST", "/v1/bookings").isEmpty)
        await sandbox.stop()
    }

    @Test func aNotPaidConclusionThatCannotBeSavedIsAnErrorAndTheAttemptStaysOpen() async throws {
        let sandbox = try SandboxFixture(route: .inProcess)
        let logs = RecordingLogHandler()
        let repository = try BookingRepository(
            directory: sandbox.clientDirectory, api: sandbox.client(), logHandler: logs)
        let runner = EffectRunner(repository: repository, dependencies: Dependencies(holdNow: { .origin }))
        let (attempt, key) = Harness.newAttempt()
        var record = SavedAttempt(
            attempt: BookingFlow.Attempt(id: attempt, key: key, offerID: OfferID("off_1"), quoteID: QuoteID("q_1")),
            phase: .paymentSubmitted, createdAt: Date())
        record.holdID = HoldID("hold_1")
        try await repository.save(record)
        try await repository.fillTheDisk(when: "UPDATE")
        await runner.run([.saveNotPaid(record.attemptID)]) { _ in }

        let logged = try #require(logs.records.first { $0.level == .error })
        #expect(logged.message == "cannot save the attempt as not paid")
        #expect(logged.metadata["attempt"] == record.attemptID.rawValue)
        #expect(logged.metadata["effect"] == BookingFlow.Effect.saveNotPaid(record.attemptID).logName)
        #expect(try await repository.attempt(record.attemptID)?.phase == record.phase)
    }

    @Test func anEventLogWithADamagedLineSaysSoAndKeepsAppending() throws {
        let directory = TemporaryDirectory("logging")
        let path = directory.file("events.log")
        try Data("not an entry\n".utf8).write(to: URL(fileURLWithPath: path))
        let logs = RecordingLogHandler()
        let log = try EventLog(path: path, logHandler: logs)
        let step = BookingFlow.reduce(BookingFlow.initialState, .offerChosen(BookingFlow.Samples.offer))
        log.append(.offerChosen(BookingFlow.Samples.offer), state: step.state, effects: step.effects)

        let warning = try #require(logs.records.first)
        #expect(warning.level == .warning)
        #expect(warning.source == "event-log")
        #expect(warning.metadata["path"] == path)
        #expect(warning.metadata["error"]?.contains("line 1") == true)
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("\"sequence\":1"))
    }

    @Test func everyMessageAndValueIsClearedOfCardNumbersBeforeTheHandler() throws {
        let logs = RecordingLogHandler()
        let logger = Logger(handler: logs, source: "test")
        logger.error(
            "declined 4242 4242 4242 4242", error: CocoaError(.fileWriteOutOfSpace),
            ["token": "tok_4000000000003220", "attempt": "att_1"])
        let record = try #require(logs.records.first)
        #expect(!Redaction.containsCardNumber(record.text))
        #expect(record.message.contains(Redaction.placeholder))
        #expect(record.metadata["attempt"] == "att_1")
        #expect(record.level == .error)
    }
}

/// Issue 38, item 11: the level is checked before a message is built. With
/// `SilentLogHandler` (the default) or a handler that wants warnings, an
/// info message's text and metadata are never built nor scanned for card
/// numbers; what is wanted is built once and redacted.
@Suite struct LogLevelTests {
    final class Counter: Sendable {
        private let count = Locked(0)
        var value: Int { count.withLock { $0 } }
        func text(_ text: String) -> String {
            count.withLock { $0 += 1 }
            return text
        }
    }

    struct WarningsOnly: LogHandler {
        let records = Locked<[String]>([])
        func log(level: LogLevel, message: String, metadata: [String: String], source: String) {
            records.withLock { $0.append("\(level) \(message) \(metadata["card"] ?? "")") }
        }
        var logLevel: LogLevel? { .warning }
    }

    @Test func aMessageBelowTheHandlersLevelIsNeverBuilt() {
        let built = Counter()
        let silent = Logger(handler: SilentLogHandler(), source: "test")
        silent.log(.critical, built.text("never"), ["card": built.text("4242424242424242")])
        #expect(built.value == 0)

        let handler = WarningsOnly()
        let logger = Logger(handler: handler, source: "test")
        logger.log(.info, built.text("below"), ["card": built.text("x")])
        logger.warning(built.text("wanted"), error: CancellationError(), ["card": built.text("4242424242424242")])
        #expect(built.value == 2)
        let written = handler.records.withLock { $0 }
        #expect(written.count == 1)
        #expect(written.first?.hasPrefix("warning wanted") == true)
        #expect(written.first?.contains("4242424242424242") == false)
    }

    @Test func aHandlerThatSaysNothingOfItsLevelGetsEverything() {
        let logs = RecordingLogHandler()
        #expect(logs.logLevel == .trace)
        Logger(handler: logs, source: "test").log(.trace, "fine")
        #expect(logs.messages == ["fine"])
    }
}
