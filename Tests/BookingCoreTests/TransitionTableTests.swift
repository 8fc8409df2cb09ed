import BookingCore
import Foundation
import TestSupport
import Testing

/// ARCHITECTURE.md's transition tables (the booking flow's, the cancel
/// flow's and the modify flow's) are generated from each `reduce` (by
/// `FlowDiagram`), never written by hand: this test fails when the reducer
/// and the document drift apart. `BOOKINGKIT_WRITE_FLOW_TABLE=1` rewrites
/// the document's table from the reducer.
@Suite struct TransitionTableTests {
    static let begin = "<!-- transition table: generated from BookingFlow.reduce, checked by TransitionTableTests -->\n"
    static let end = "<!-- end of transition table -->"

    static let cancelBegin =
        "<!-- transition table of the cancel flow: generated from CancelFlow.reduce, checked by TransitionTableTests -->\n"
    static let cancelEnd = "<!-- end of the cancel flow's transition table -->"

    static let modifyBegin =
        "<!-- transition table of the modify flow: generated from ModifyFlow.reduce, checked by TransitionTableTests -->\n"
    static let modifyEnd = "<!-- end of the modify flow's transition table -->"

    @Test func architectureMdHoldsTheTransitionTableOfTheReducer() async throws {
        // Seconds of CPU the first time in a process: off the cooperative pool.
        try Self.check(try await onOwnThread { FlowDiagram.generate() }, begin: Self.begin, end: Self.end)
    }

    @Test func architectureMdHoldsTheTransitionTableOfTheCancelFlow() throws {
        try Self.check(FlowDiagram.generate(for: CancelFlow.self), begin: Self.cancelBegin, end: Self.cancelEnd)
    }

    @Test func architectureMdHoldsTheTransitionTableOfTheModifyFlow() throws {
        try Self.check(FlowDiagram.generate(for: ModifyFlow.self), begin: Self.modifyBegin, end: Self.modifyEnd)
    }

    /// Checks that ARCHITECTURE.md holds `diagram`'s table between the
    /// markers `begin` and `end`; with `BOOKINGKIT_WRITE_FLOW_TABLE=1` writes
    /// it there instead. `suite` is the suite that checks it again.
    static func check(
        _ diagram: FlowDiagram, begin: String, end: String, suite: String = "TransitionTableTests"
    ) throws {
        let path = (BuiltProducts.packageRoot as NSString).appendingPathComponent("ARCHITECTURE.md")
        let document = try String(contentsOfFile: path, encoding: .utf8)
        let generated = diagram.markdownTable
        let start = try #require(document.range(of: begin), "ARCHITECTURE.md has no marker \(begin)")
        let stop = try #require(document.range(of: end, range: start.upperBound..<document.endIndex))
        let written = String(document[start.upperBound..<stop.lowerBound])
        if ProcessInfo.processInfo.environment["BOOKINGKIT_WRITE_FLOW_TABLE"] == "1", written != generated {
            try document.replacingCharacters(in: start.upperBound..<stop.lowerBound, with: generated)
                .write(toFile: path, atomically: true, encoding: .utf8)
            return
        }
        #expect(
            written == generated,
            "the table in ARCHITECTURE.md is not the reducer's: run BOOKINGKIT_WRITE_FLOW_TABLE=1 swift test --filter \(suite)"
        )
    }
}
