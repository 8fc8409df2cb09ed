import BookingCore
import Foundation
import TestSupport
import Testing

/// The diagram comes from calling `reduce`. Set `BOOKINGKIT_DIAGRAM_DOT`
/// (and/or `BOOKINGKIT_DIAGRAM_MERMAID`) to a path to have the test write
/// the text there; `scripts/check-diagram.sh` feeds the DOT to graphviz.
@Suite struct DiagramTests {
    /// The booking flow's diagram: seconds of CPU the first time in a
    /// process, so it is made (or waited for) on a thread of its own, never
    /// on the cooperative pool, which two tests blocked on it would starve.
    static func diagram() async throws -> FlowDiagram {
        try await onOwnThread { FlowDiagram.generate() }
    }

    @Test func theDiagramReachesEveryStage() async throws {
        let diagram = try await Self.diagram()
        #expect(Set(diagram.stages) == Set(FlowStates.all.map(\.stage.name)))
        #expect(Set(diagram.finalStages) == ["confirmed", "failed", "expired", "cancelled", "notPaid"])
        #expect(Set(diagram.finalStages) == Set(BookingFlow.finalStageNames))
    }

    @Test func theDiagramShowsTheTransitionsThatMatter() async throws {
        let diagram = try await Self.diagram()
        func edge(_ from: String, _ to: String) -> FlowDiagram.Transition? {
            diagram.transitions.first { $0.from == from && $0.to == to }
        }
        #expect(edge("held", "submitting")?.events == ["payTapped"])
        #expect(
            edge("submitting", "unknown")?.events == [
                "payFailed(sentElsewhere)", "payFailed(serverFailedTheKey)", "payFailed(unknownOutcome)",
            ])
        #expect(edge("unknown", "confirmed") != nil)
        #expect(edge("submitting", "confirmed")?.events == ["confirmationNotSaved", "payAnswered(CONFIRMED)"])
        // Unknown is never a dead end: the empty lookup after a replayed 5xx
        // or an ended hold is "not paid", which offers a new attempt.
        #expect(edge("unknown", "notPaid")?.events.contains("attemptLookedUp(notFound)") == true)
        #expect(edge("unknown", "notPaid")?.events.contains("payFailed(holdExpired)") == true)
        #expect(edge("unknown", "unknown")?.events.contains("attemptLookedUp(notFound)") == true)
        #expect(edge("notPaid", "requestingHold")?.events == ["retryTapped"])
        #expect(edge("actionRequired", "processing")?.events.contains("challengeReturned") == true)
        #expect(edge("unknown", "held") == nil)
        #expect(edge("submitting", "held") == nil)
        #expect(
            !diagram.transitions.contains {
                $0.to == "held" && !["requestingHold", "checkingHold", "held", "browsing"].contains($0.from)
            })
        // From the results only by a launch restoring a hold the device can time.
        #expect(edge("browsing", "held")?.events.allSatisfy { $0.hasPrefix("restored") } == true)
    }

    /// How deep the second exploration of `theDiagramIsStableAndWellFormed`
    /// goes in `swift test`: two explorations this deep must agree. The long
    /// mode (`BOOKINGKIT_LONG=1`) explores twice the kept diagram's states
    /// and must find nothing more (a minute of CPU in a debug build).
    static let stabilityDepth = 6

    @Test func theDiagramIsStableAndWellFormed() async throws {
        // Explorations other than the kept one: seconds of CPU, off the
        // cooperative pool other tests need.
        let diagram = try await Self.diagram()
        if ProcessInfo.processInfo.environment["BOOKINGKIT_LONG"] == "1" {
            let twice = 2 * FlowDiagram.bookingStates
            #expect(
                try await onOwnThread { FlowDiagram.generate(for: BookingFlow.self, maxStates: twice) } == diagram,
                "\(twice) states find more than the kept \(FlowDiagram.bookingStates): raise bookingStates")
        } else {
            let depth = Self.stabilityDepth
            let first = try await onOwnThread { FlowDiagram.generate(for: BookingFlow.self, maxDepth: depth) }
            #expect(try await onOwnThread { FlowDiagram.generate(for: BookingFlow.self, maxDepth: depth) } == first)
            #expect(first.stages.count > 5)
        }
        let dot = diagram.dot
        #expect(dot.hasPrefix("digraph BookingFlow {") && dot.hasSuffix("}\n"))
        #expect(dot.contains("\"confirmed\" [label=\"confirmed\", peripheries=2];"))
        let mermaid = diagram.mermaid
        #expect(mermaid.hasPrefix("stateDiagram-v2\n    [*] --> browsing\n"))
        #expect(mermaid.contains("    held --> submitting: payTapped\n"))
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["BOOKINGKIT_DIAGRAM_DOT"], !path.isEmpty {
            try dot.write(toFile: path, atomically: true, encoding: .utf8)
        }
        if let path = environment["BOOKINGKIT_DIAGRAM_MERMAID"], !path.isEmpty {
            try mermaid.write(toFile: path, atomically: true, encoding: .utf8)
        }
    }
}
