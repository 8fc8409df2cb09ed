import BookingCore
import TestSupport
import Testing

/// Every flow that conforms to `FlowMachine` gets the same checks
/// (`FlowMachineChecks`): add a flow here and it is checked like the rest.
@Suite struct FlowMachineTests {
    // Seconds of CPU each: off the cooperative pool, which other tests need.
    @Test func theBookingFlowPassesTheChecksEveryFlowGets() async throws {
        let started = ContinuousClock.now
        let problems = try await onOwnThread { FlowMachineChecks<BookingFlow>(maxDepth: 8, maxStates: 800).problems() }
        print("flow machine checks, booking: \(ContinuousClock.now - started)")
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test func theCancelFlowPassesTheChecksEveryFlowGets() async throws {
        let problems = try await onOwnThread { FlowMachineChecks<CancelFlow>().problems() }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test func theModifyFlowPassesTheChecksEveryFlowGets() async throws {
        let problems = try await onOwnThread { FlowMachineChecks<ModifyFlow>().problems() }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test func theChecksFindADeadEndAndAnUndeclaredStage() {
        let problems = FlowMachineChecks<Stuck>().problems()
        #expect(problems.contains { $0.contains("stuck: a waiting state takes no event: a dead end") })
        #expect(problems.contains { $0.contains("stage done is declared but never reached") })
        #expect(problems.contains { $0.contains("states reach no end") })
    }

    @Test func theCancelFlowHasADiagramLikeEveryFlow() {
        let diagram = FlowDiagram.generate(for: CancelFlow.self)
        #expect(diagram.initialStage == "idle")
        #expect(Set(diagram.stages) == Set(CancelFlow.stageNames))
        #expect(Set(diagram.finalStages) == ["cancelled", "refused", "notSent", "leftOpen"])
        #expect(diagram.dot.hasPrefix("digraph CancelFlow {"))
    }

    @Test func theModifyFlowHasADiagramLikeEveryFlow() {
        let diagram = FlowDiagram.generate(for: ModifyFlow.self)
        #expect(diagram.initialStage == "idle")
        #expect(Set(diagram.stages) == Set(ModifyFlow.stageNames))
        #expect(Set(diagram.finalStages) == ["modified", "refused", "notSent", "wentBack", "leftOpen"])
        #expect(diagram.dot.hasPrefix("digraph ModifyFlow {"))
    }
}

/// A flow with a dead end: it starts, then waits for nothing.
private enum Stuck: FlowMachine {
    enum State: String, Hashable, Sendable { case idle, waiting, done }
    enum Event: String, Hashable, Sendable, Codable { case start }
    enum Effect: String, Hashable, Sendable { case unused }

    static let flowName = "stuck"
    static let initialState = State.idle
    static let stageNames = ["idle", "waiting", "done"]

    static func reduce(_ state: State, _ event: Event) -> (state: State, effects: [Effect]) {
        state == .idle ? (.waiting, []) : (state, [])
    }

    static func sampleEvents(for state: State) -> [Event] { [.start] }
    static func stage(of state: State) -> State { state }
    static func name(of stage: State) -> String { stage.rawValue }
    static func isFinal(_ stage: State) -> Bool { stage == .done }
    static func eventName(of event: Event) -> String { event.rawValue }
    static func effectName(of effect: Effect) -> String { effect.rawValue }
}
