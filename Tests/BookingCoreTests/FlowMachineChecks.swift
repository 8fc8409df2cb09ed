import BookingCore
import Foundation

/// The checks every flow gets by conforming to `FlowMachine`, whatever its
/// states: a new flow is checked by adding one line to `FlowMachineTests`.
///
/// From the initial state, breadth-first over the flow's sample events (to
/// `maxDepth` events and `maxStates` states), it checks that
/// - `reduce` is deterministic, and total over the whole table: every
///   reached state against every event any state samples;
/// - the stages reached are exactly the stages the flow declares;
/// - no stage is a dead end: every state that is not final has an event
///   that moves it to another stage or asks for an effect;
/// - an end is reachable from every state reached;
/// - a logged event list replays: the events of the path to each state,
///   encoded as JSON and decoded, lead to the same state.
///
/// Returns the problems found, each a sentence; empty when the flow passes.
struct FlowMachineChecks<Flow: FlowMachine> {
    let maxDepth: Int
    let maxStates: Int

    init(maxDepth: Int = 12, maxStates: Int = 20_000) {
        self.maxDepth = maxDepth
        self.maxStates = maxStates
    }

    /// The states reached, each with the events of the first path to it.
    func explore() -> [(state: Flow.State, path: [Flow.Event])] {
        var paths: [Flow.State: [Flow.Event]] = [Flow.explorationStart: []]
        var order = [Flow.explorationStart]
        var frontier = [Flow.explorationStart]
        for _ in 0..<maxDepth where !frontier.isEmpty && order.count < maxStates {
            var nextFrontier: [Flow.State] = []
            for state in frontier {
                for event in Flow.sampleEvents(for: state) where order.count < maxStates {
                    let next = Flow.reduce(state, event).state
                    guard paths[next] == nil else { continue }
                    paths[next] = (paths[state] ?? []) + [event]
                    order.append(next)
                    nextFrontier.append(next)
                }
            }
            frontier = nextFrontier
        }
        return order.map { ($0, paths[$0] ?? []) }
    }

    func problems() -> [String] {
        let reached = explore()
        var problems: [String] = []
        var alphabet: [Flow.Event] = []
        var inAlphabet: Set<Flow.Event> = []
        for (state, _) in reached {
            for event in Flow.sampleEvents(for: state) where inAlphabet.insert(event).inserted {
                alphabet.append(event)
            }
        }
        let stageName = { (state: Flow.State) in Flow.name(of: Flow.stage(of: state)) }
        // Deterministic and total; edges between states for the reachability check.
        var successors: [Flow.State: Set<Flow.State>] = [:]
        var hasExit: Set<Flow.State> = []
        for (state, _) in reached {
            for event in alphabet {
                let first = Flow.reduce(state, event)
                let second = Flow.reduce(state, event)
                if first.state != second.state || first.effects != second.effects {
                    problems.append(
                        "\(Flow.flowName): \(Flow.eventName(of: event)) in \(stageName(state)) is not deterministic")
                }
                if Flow.stage(of: first.state) != Flow.stage(of: state) || !first.effects.isEmpty {
                    hasExit.insert(state)
                }
                successors[state, default: []].insert(first.state)
            }
        }
        // The declared stages, exactly.
        let names = Set(reached.map { stageName($0.state) })
        for missing in Flow.stageNames where !names.contains(missing) {
            problems.append("\(Flow.flowName): stage \(missing) is declared but never reached")
        }
        for extra in names.subtracting(Flow.stageNames).sorted() {
            problems.append("\(Flow.flowName): stage \(extra) is reached but not declared in stageNames")
        }
        // No dead end.
        for (state, _) in reached where !Flow.isFinal(Flow.stage(of: state)) && !hasExit.contains(state) {
            problems.append("\(Flow.flowName): a \(stageName(state)) state takes no event: a dead end")
            break
        }
        // An end reachable from every state. A state past the exploration's
        // bound is given the benefit of the doubt: only a state whose every
        // path stays among explored states that never end is stuck.
        let explored = Set(reached.map(\.state))
        var canEnd = explored.filter { Flow.isFinal(Flow.stage(of: $0)) }
        for (state, _) in reached where successors[state, default: []].contains(where: { !explored.contains($0) }) {
            canEnd.insert(state)
        }
        var changed = true
        while changed {
            changed = false
            for (state, _) in reached where !canEnd.contains(state) {
                if successors[state, default: []].contains(where: canEnd.contains) {
                    canEnd.insert(state)
                    changed = true
                }
            }
        }
        let stuck = reached.filter { !canEnd.contains($0.state) }
        if let first = stuck.first {
            problems.append(
                "\(Flow.flowName): \(stuck.count) states reach no end, the first in \(stageName(first.state)) after "
                    + first.path.map(Flow.eventName(of:)).joined(separator: ", "))
        }
        // Replay of a logged event list.
        let encoder = JSONEncoder()
        let decoder = JSONDecoder()
        for (state, path) in reached {
            guard let data = try? encoder.encode(path), let logged = try? decoder.decode([Flow.Event].self, from: data)
            else {
                problems.append("\(Flow.flowName): the events to \(stageName(state)) do not survive JSON")
                break
            }
            let replayed = logged.reduce(Flow.explorationStart) { Flow.reduce($0, $1).state }
            if replayed != state {
                problems.append("\(Flow.flowName): replaying the events to \(stageName(state)) ends elsewhere")
                break
            }
        }
        return problems
    }
}
