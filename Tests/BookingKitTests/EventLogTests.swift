import BookingAPI
import BookingCore
import BookingKit
import BookingTestSupport
import Foundation
import Testing

@Suite struct EventLogTests {
    @Test func aLoggedFlowReplaysStateByStateWithTheSameEffects() async throws {
        let harness = try Harness(route: .inProcess)
        harness.sandbox.transport.inject(.init("POST", "/v1/bookings", fault: "drop-response-after-commit"))
        _ = try await harness.holdAnOffer()
        await harness.flow.send(.guestEntered(BookingFlow.Samples.guest))
        await harness.flow.send(.payTapped(PaymentToken("tok_visa"), now: .origin))
        #expect(await harness.waitForFinal().stage.kind == .confirmed)
        let entries = try EventLog.read(harness.sandbox.directory.file("client/events.log"))
        #expect(entries.count >= 6)
        #expect(entries.map(\.sequence) == Array(1...entries.count))
        let steps = Replay.run(entries)
        #expect(steps.allSatisfy { $0.matches })
        #expect(steps.last?.state == "confirmed")
        #expect(steps.contains { $0.state == "unknown" })
    }

    @Test func paymentTokensAndCardNumbersNeverReachTheLog() async throws {
        let harness = try Harness(route: .inProcess)
        _ = try await harness.holdAnOffer()
        await harness.flow.send(.guestEntered(BookingFlow.Samples.guest))
        await harness.flow.send(.payTapped(PaymentToken("tok_visa 4111 1111 1111 1111"), now: .origin))
        _ = await harness.waitForFinal()
        let path = harness.sandbox.directory.file("client/events.log")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(!text.contains("tok_visa"))
        #expect(!text.contains("4111 1111 1111 1111") && !text.contains("4111111111111111"))
        #expect(text.contains(Redaction.placeholder))
        let mode = (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue
        #expect(mode == 0o600)
    }

    @Test func aReplayOfATamperedLogShowsWhereItDiverges() throws {
        let directory = TemporaryDirectory("event-log")
        let log = try EventLog(path: directory.file("events.log"))
        let offer = BookingFlow.Samples.offer
        let first = BookingFlow.reduce(BookingFlow.initialState, .offerChosen(offer))
        log.append(.offerChosen(offer), state: first.state, effects: first.effects)
        // Claim a state the reducer never reaches from this event.
        log.append(
            .backTapped, state: BookingFlow.State(stage: .browsing),
            effects: [.openChallenge(AttemptID("A1"), url: "https://bank.example/3ds/booking-1")])
        let steps = Replay.run(try EventLog.read(directory.file("events.log")))
        #expect(steps.map(\.matches) == [true, false])
    }

    @Test(arguments: ["not json\n", #"{"sequence":1}"# + "\n", "\u{0}\u{1}\u{2}"])
    func aLogThatIsNotALogIsAClearErrorNamingTheLine(content: String) throws {
        let directory = TemporaryDirectory("event-log")
        let path = directory.file("bad.log")
        try Data(content.utf8).write(to: URL(fileURLWithPath: path))
        let error = #expect(throws: EventLogError.self) { try EventLog.read(path) }
        #expect(error?.description.contains("line 1") == true)
    }

    /// A bug report taken while a run appends (or after a crash cut its
    /// last write) reads the lines before the cut one; a cut line in the
    /// middle is still an error.
    @Test func aLastLineCutMidWriteIsLeftOutAndTheRestRead() throws {
        let directory = TemporaryDirectory("event-log")
        let path = directory.file("events.log")
        let log = try EventLog(path: path)
        let offer = BookingFlow.Samples.offer
        let first = BookingFlow.reduce(BookingFlow.initialState, .offerChosen(offer))
        log.append(.offerChosen(offer), state: first.state, effects: first.effects)
        log.append(.backTapped, state: BookingFlow.initialState, effects: [])
        let whole = try Data(contentsOf: URL(fileURLWithPath: path))
        let cut = whole + whole.prefix(20)
        try cut.write(to: URL(fileURLWithPath: path))
        #expect(try EventLog.read(path).map(\.sequence) == [1, 2])
        try (whole.prefix(20) + Data("\n".utf8) + whole).write(to: URL(fileURLWithPath: path))
        #expect(throws: EventLogError.self) { try EventLog.read(path) }
    }

    @Test(arguments: [
        ("card 4111111111111111 here", true), ("4111 1111 1111 1111", true), ("4111-1111-1111-1111", true),
        ("order 4111111111111112", false), ("1790000000000", false), ("tok_visa", false), ("12345", false),
    ])
    func redactionRemovesLuhnValidCardNumbersOnly(text: String, isCard: Bool) {
        #expect(Redaction.containsCardNumber(text) == isCard)
        if isCard { #expect(!Redaction.removingCardNumbers(text).contains("1111")) }
    }

    /// A UUID is an id, never a card number, even when a Luhn-valid run of
    /// 13 digits sits inside it; a card number beside it is still removed.
    @Test func aUUIDIsKeptWholeAndACardBesideItIsNot() {
        let id = "a129dcdb-ab2e-4111-1111-00005f154dbd"
        #expect(Redaction.containsCardNumber("4111-1111-00005"))
        #expect(Redaction.removingCardNumbers("attempt \(id).") == "attempt \(id).")
        #expect(Redaction.removingCardNumbers("release-hold_1-\(id)") == "release-hold_1-\(id)")
        #expect(
            Redaction.removingCardNumbers("\(id) 4111 1111 1111 1111") == "\(id) \(Redaction.placeholder)")
        // Not a UUID: a group cut short, or one digit more, and the run is judged alone.
        #expect(Redaction.containsCardNumber("a129dcdb-ab2e-4111-1111-00005"))
        #expect(Redaction.containsCardNumber("a129dcdb-ab2e-4111-1111-00005-"))
    }

    /// A run that touches a letter is part of an id (1 sandbox booking id in
    /// about 2,100 holds a Luhn-valid run of 13-19 digits); the same digits
    /// apart from the letters are a card number.
    @Test(arguments: [
        ("bk_a411111110000005", false), ("bk_411111110000005c", false), ("ref411111110000005", false),
        ("bk_411111110000005", true), ("bk a 411111110000005", true), ("411111110000005.", true),
    ])
    func aRunTouchingALetterIsPartOfAnId(text: String, isCard: Bool) {
        #expect(Redaction.containsCardNumber(text) == isCard)
    }
}
