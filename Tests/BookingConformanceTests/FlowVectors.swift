import BookingCore
import BookingPrimitives
import Foundation

/// A flow's test vectors, generated from its reducer: the transition table
/// (every state reached within the bounds, each named by the events that
/// reach it from the start, and every sample event's answer in each: the
/// next state and the effects) and scenario traces through it (events in,
/// stages and effects out, as `booking replay` reads a log). What a port of
/// the reducer to another language must reproduce (docs/CONFORMANCE.md).
struct FlowVectors {
    /// The files' format version; raised when their shape changes.
    static let version = 1

    /// The table, as the text of `Vectors/tables/<flow>.json`.
    let table: String
    /// The traces, as the text of `Vectors/traces/<flow>.json`.
    let traces: String

    private struct Row {
        var from: Int
        var event: Int
        var to: Int
        var effects: [String]
    }

    /// Explores `flow` breadth-first from its initial state, `maxDepth`
    /// events deep, expanding at most `maxStates` states.
    static func make<Flow: FlowMachine>(
        _ flow: Flow.Type, maxDepth: Int, maxStates: Int, effectName: (Flow.Effect) -> String
    ) throws -> FlowVectors {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var states = [Flow.initialState]
        var ids: [Flow.State: Int] = [Flow.initialState: 0]
        var paths: [[Int]] = [[]]
        var events: [(name: String, json: String)] = []
        var eventIds: [String: Int] = [:]
        var rows: [Row] = []
        var expanded: [Int] = []
        var frontier = [0]
        for _ in 0..<maxDepth where !frontier.isEmpty && expanded.count < maxStates {
            var next: [Int] = []
            for id in frontier where expanded.count < maxStates {
                expanded.append(id)
                var answered: Set<Int> = []
                for event in Flow.sampleEvents(for: states[id]) {
                    let json = String(decoding: try encoder.encode(event), as: UTF8.self)
                    let eventId = eventIds[json] ?? events.count
                    if eventId == events.count {
                        eventIds[json] = eventId
                        events.append((Flow.eventName(of: event), json))
                    }
                    guard answered.insert(eventId).inserted else { continue }
                    let (after, effects) = Flow.reduce(states[id], event)
                    let to = ids[after] ?? states.count
                    if to == states.count {
                        ids[after] = to
                        states.append(after)
                        paths.append(paths[id] + [eventId])
                        next.append(to)
                    }
                    rows.append(Row(from: id, event: eventId, to: to, effects: effects.map(effectName)))
                }
            }
            frontier = next
        }
        let stage = { (id: Int) in Flow.name(of: Flow.stage(of: states[id])) }
        let finals = Flow.stageNames.filter { name in
            states.contains { Flow.name(of: Flow.stage(of: $0)) == name && Flow.isFinal(Flow.stage(of: $0)) }
        }
        var table = "{\n"
        table += "  \"format\": \"bookingkit-flow-table\",\n  \"version\": \(version),\n"
        table += "  \"flow\": \(JSONText.quoted(Flow.flowName)),\n"
        table += "  \"bounds\": {\"maxDepth\": \(maxDepth), \"maxStates\": \(maxStates)},\n"
        table += "  \"initialState\": 0,\n"
        table += "  \"stageNames\": \(list(Flow.stageNames)),\n  \"finalStages\": \(list(finals)),\n"
        table += "  \"events\": [\n"
        table += events.enumerated().map { index, event in
            "    {\"id\": \(index), \"name\": \(JSONText.quoted(event.name)), \"event\": \(event.json)}"
        }.joined(separator: ",\n")
        table += "\n  ],\n  \"states\": [\n"
        let expandedSet = Set(expanded)
        table += states.indices.map { id in
            "    {\"id\": \(id), \"stage\": \(JSONText.quoted(stage(id))), \"path\": \(paths[id]), "
                + "\"expanded\": \(expandedSet.contains(id))}"
        }.joined(separator: ",\n")
        table += "\n  ],\n  \"transitions\": [\n"
        table += rows.map { "    [\($0.from), \($0.event), \($0.to), \(list($0.effects))]" }.joined(separator: ",\n")
        table += "\n  ]\n}\n"
        let traceList = scenarios(states: states.count, expanded: expanded, paths: paths, stage: stage, rows: rows)
        var traces = "{\n"
        traces += "  \"format\": \"bookingkit-flow-traces\",\n  \"version\": \(version),\n"
        traces += "  \"flow\": \(JSONText.quoted(Flow.flowName)),\n  \"table\": \"tables/\(Flow.flowName).json\",\n"
        traces += "  \"initialStage\": \(JSONText.quoted(stage(0))),\n  \"traces\": [\n"
        traces += traceList.map { trace in
            var text = "    {\n      \"name\": \(JSONText.quoted(trace.name)),\n      \"steps\": [\n"
            text += trace.steps.enumerated().map { index, row in
                "        {\"sequence\": \(index + 1), \"event\": \(events[row.event].json), "
                    + "\"state\": \(JSONText.quoted(stage(row.to))), \"effects\": \(list(row.effects)), "
                    + "\"stateId\": \(row.to)}"
            }.joined(separator: ",\n")
            return text + "\n      ]\n    }"
        }.joined(separator: ",\n")
        traces += "\n  ]\n}\n"
        return FlowVectors(table: table, traces: traces)
    }

    /// The shortest way to each stage reached, then three seeded walks of
    /// up to 25 events that stay on expanded states.
    private static func scenarios(
        states: Int, expanded: [Int], paths: [[Int]], stage: (Int) -> String, rows: [Row]
    ) -> [(name: String, steps: [Row])] {
        var rowsByState: [Int: [Row]] = [:]
        for row in rows { rowsByState[row.from, default: []].append(row) }
        let follow = { (path: [Int]) -> [Row] in
            var at = 0
            return path.compactMap { event in
                guard let row = rowsByState[at]?.first(where: { $0.event == event }) else { return nil }
                at = row.to
                return row
            }
        }
        var traces: [(name: String, steps: [Row])] = []
        var reached: Set<String> = []
        for id in 0..<states where !paths[id].isEmpty && reached.insert(stage(id)).inserted {
            traces.append(("the shortest way to \(stage(id))", follow(paths[id])))
        }
        let expandedSet = Set(expanded)
        for seed in UInt64(1)...3 {
            var generator = SplitMix64(seed: seed)
            var at = 0
            var steps: [Row] = []
            for _ in 0..<25 {
                let choices = (rowsByState[at] ?? []).filter { expandedSet.contains($0.to) }
                guard !choices.isEmpty else { break }
                let row = choices[Int(generator.next() % UInt64(choices.count))]
                steps.append(row)
                at = row.to
            }
            traces.append(("a seeded walk (seed \(seed))", steps))
        }
        return traces
    }

    private static func list(_ items: [String]) -> String {
        "[" + items.map(JSONText.quoted).joined(separator: ", ") + "]"
    }
}
