import BookingCLI
import BookingCore
import Foundation
import Testing

/// What `pay` and `status` print of a flow state is terminal-safe: a voucher
/// from the server's answer is shown escaped, and exact in `--json`.
@Suite struct FlowRendererTests {
    private struct LoggedEvent: Decodable {
        var event: BookingFlow.Event
    }

    @Test func aHostileVoucherInTheServersAnswerIsEscapedForPeopleAndExactInJSON() async throws {
        let booking = InProcess(label: "cli-render-voucher")
        try await booking.holdAnOffer()
        let pay = try await booking.run(["pay"])
        try #require(pay.status == 0, "\(pay.output) \(pay.error)")
        let logs = booking.dataDirectory + "/logs"
        let name = try #require(
            try FileManager.default.contentsOfDirectory(atPath: logs).first { $0.contains("-pay-") })
        let text = try String(contentsOfFile: logs + "/" + name, encoding: .utf8)
        let voucher = try #require(text.firstRange(of: /"voucherCode":"[^"]*"/))
        // The server's answer, as if it had carried a hostile voucher.
        let crafted = text.replacingOccurrences(
            of: String(text[voucher]),
            with: #""voucherCode":"V\u001b[2J\u202eX\u009b""#)
        var state = BookingFlow.initialState
        for line in crafted.split(separator: "\n") {
            let logged = try JSONDecoder().decode(LoggedEvent.self, from: Data(line.utf8))
            state = BookingFlow.reduce(state, logged.event).0
        }
        try #require(state.stage.kind == .confirmed)
        let lines = FlowRenderer(console: Console(isTerminal: true, usesColour: false)).lines(state, secondsLeft: nil)
        let shown = lines.joined(separator: "\n")
        #expect(shown.contains("Your voucher: V\\u{1b}[2J\\u{202e}X\\u{9b}"), "\(shown)")
        #expect(!shown.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" || $0 == "\u{9B}" })
        let json = FlowRenderer.json(state, secondsLeft: nil)
        #expect(json.serialized().contains(#""voucherCode": "V\u001b[2J"#), "\(json.serialized())")
        guard case .object(let fields) = json else {
            Issue.record("not an object")
            return
        }
        #expect(fields.first { $0.0 == "voucherCode" }?.1 == .string("V\u{1B}[2J\u{202E}X\u{9B}"))
    }
}
