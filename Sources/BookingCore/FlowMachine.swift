/// The one shape every flow that moves money or user data has: states,
/// events and effects as values, and one pure `reduce` with no clock,
/// chance or I/O. A flow that conforms gets, with no code of its own,
/// the generated diagram and transition table (`FlowDiagram`) and the
/// generic checks of the test harness (every stage reached, no dead end,
/// an end reachable from everywhere, replay of a logged event list).
///
/// The booking flow (`BookingFlow`), the cancellation of a trip
/// (`CancelFlow`) and the change of its dates (`ModifyFlow`) conform. The rule for when a part of the app gets its own
/// machine is in ARCHITECTURE.md.
package protocol FlowMachine {
    /// A snapshot of the flow: all the data its next step depends on.
    associatedtype State: Hashable & Sendable
    /// Something that happened: a tap, an answer, a timer. Codable, so a
    /// logged list of events replays.
    associatedtype Event: Hashable & Sendable & Codable
    /// Work the runner does for the flow and reports back as events.
    associatedtype Effect: Hashable & Sendable
    /// Where the flow is, with the data that stage needs (a state may hold
    /// more, such as connectivity). Two states in the same stage with
    /// different data are different stages of the table.
    associatedtype Stage: Hashable & Sendable

    /// The flow's name in commands and diagrams (`booking diagram --flow NAME`).
    static var flowName: String { get }
    /// The state the flow starts in.
    static var initialState: State { get }
    /// Where the diagram and the checks start exploring: the initial state
    /// with the user's standing input filled in (the default: none).
    static var explorationStart: State { get }
    /// The next state and the effects for `event` in `state`. Pure; total:
    /// an event a state does not take returns the state unchanged and no effects.
    static func reduce(_ state: State, _ event: Event) -> (state: State, effects: [Effect])
    /// Representative events for `state`: the alphabet the diagram and the
    /// checks explore the reducer with. Sample values only.
    static func sampleEvents(for state: State) -> [Event]
    /// Every stage name, in the order the docs list them (a stage is a
    /// state's case, without its data).
    static var stageNames: [String] { get }
    /// The stage `state` is in.
    static func stage(of state: State) -> Stage
    /// The stage's name, without its data.
    static func name(of stage: Stage) -> String
    /// Whether `stage` ends the flow's work (the user may start anew from it).
    static func isFinal(_ stage: Stage) -> Bool
    /// The event's name, for diagrams and logs.
    static func eventName(of event: Event) -> String
    /// The effect's name, with no ids and no personal data, as an event
    /// log records it and a replay compares it.
    static func effectName(of effect: Effect) -> String
    /// The event as an event log may keep it: a secret it carries (a payment
    /// token) replaced. The default keeps the event as it is.
    static func loggable(_ event: Event) -> Event
    /// Stage names an earlier release logged, each with the name the stage
    /// has now: a log written before a rename still replays. The default
    /// renamed nothing.
    static var formerStageNames: [String: String] { get }
}

extension FlowMachine {
    /// A flow with no standing input is explored from its initial state.
    package static var explorationStart: State { initialState }

    /// An event with no secret in it is logged as it is.
    package static func loggable(_ event: Event) -> Event { event }

    /// No stage was renamed.
    package static var formerStageNames: [String: String] { [:] }

    /// A logged stage name as the stage is named now.
    package static func currentStageName(_ logged: String) -> String { formerStageNames[logged] ?? logged }
}

/// A flow's stage that says its own name and whether it ends the flow:
/// a machine whose stages conform needs no `name(of:)` or `isFinal(_:)`.
package protocol NamedStage {
    /// The stage's name, without its data.
    var name: String { get }
    /// Whether it ends the flow's work.
    var isFinal: Bool { get }
}

/// An event or an effect that says its own name (with no ids and no
/// personal data): a machine whose events or effects conform needs no
/// `eventName(of:)` or `effectName(of:)`.
package protocol NamedStep {
    /// Its name.
    var name: String { get }
}

extension FlowMachine where Stage == State {
    /// A flow whose every state is a stage of its own.
    package static func stage(of state: State) -> State { state }
}

extension FlowMachine where Stage: NamedStage {
    /// The stage's own name.
    package static func name(of stage: Stage) -> String { stage.name }
    /// Whether the stage says it ends the flow.
    package static func isFinal(_ stage: Stage) -> Bool { stage.isFinal }
}

extension FlowMachine where Event: NamedStep {
    /// The event's own name.
    package static func eventName(of event: Event) -> String { event.name }
}

extension FlowMachine where Effect: NamedStep {
    /// The effect's own name.
    package static func effectName(of effect: Effect) -> String { effect.name }
}
