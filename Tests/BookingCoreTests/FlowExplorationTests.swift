import BookingCore
import Foundation
import TestSupport
import Testing

/// Bounded exhaustive exploration: every sequence of events up to the depth
/// (sample, duplicated, late and stale events), from every stage, checking
/// the promises on every path. Visited (state, history) pairs are merged so
/// the search stays fast; `BOOKINGKIT_LONG=1` goes deeper (`longDepth`).
@Suite struct FlowExplorationTests {
    typealias Flow = BookingFlow

    /// What the invariants need to remember of a path.
    struct History: Hashable {
        var paid: Set<AttemptID> = []
        var saved: Set<AttemptID> = []
        var submittedSaved: Set<AttemptID> = []
        var settled: Set<AttemptID> = []
        var moneyMayHaveMoved: Set<AttemptID> = []
        var versions: [AttemptID: Version] = [:]

        /// A new attempt `id`: a fresh history (the samples reuse two ids).
        mutating func start(_ id: AttemptID) {
            saved.insert(id)
            paid.remove(id)
            submittedSaved.remove(id)
            settled.remove(id)
            moneyMayHaveMoved.remove(id)
            versions[id] = nil
        }
    }

    struct Node: Hashable {
        var state: Flow.State
        var history: History
    }

    static let payingStages: Set<String> = [
        "submitting", "unknown", "actionRequired", "processing",
        "confirmed", "failed", "expired", "cancelled", "notPaid",
    ]

    /// Records a broken promise with the path that broke it and how to
    /// replay it (the path's first element is its starting stage, so its
    /// length is the depth that reaches it). Plain `if`s rather than
    /// `#expect` keep the hot loop fast; the trace is built only on failure.
    static func check(_ condition: Bool, _ what: @autoclosure () -> String, _ path: [String], _ event: Flow.Event) {
        guard !condition else { return }
        let trace = (path + [event.name]).joined(separator: " > ")
        let replay = "BOOKINGKIT_EXPLORATION_DEPTH=\(path.count) swift test --filter FlowExplorationTests/everyPath"
        Issue.record("\(what()): \(trace) (replay: \(replay))")
    }

    /// Applies one event and checks every invariant; returns the next node.
    static func step(_ node: Node, _ event: Flow.Event, path: [String]) -> Node {
        let state = node.state
        var history = node.history
        let (next, effects) = Flow.reduce(state, event)
        func expect(_ condition: Bool, _ what: @autoclosure () -> String) { check(condition, what(), path, event) }

        for effect in effects {
            switch effect {
            case .saveAttemptOnHold(let attempt, let hold):
                // A new attempt on the last one's hold: only once the server
                // said that attempt took no money (a failed booking, a closed
                // key). Or "Pay it here" on a hold another device made: never
                // while this flow asks for a hold or pays one.
                if case .takeOverTapped(_, let taken) = event {
                    expect(taken == hold, "a takeover saved on another hold than the one taken")
                    expect(
                        !["requestingHold", "submitting", "unknown", "actionRequired", "processing"].contains(
                            state.stage.kind.rawValue),
                        "a takeover while this flow holds or pays, from \(state.stage.name)")
                } else {
                    expect(
                        state.stage.kind == .failed || state.stage.kind == .notPaid,
                        "an attempt on the same hold from \(state.stage.name)")
                }
                expect(attempt.id != state.stage.attemptID, "a new attempt reused the current id")
                history.start(attempt.id)
            case .saveAttempt(let attempt):
                // A new attempt. The samples alternate two ids to keep the space
                // finite, so an id may come back: it starts a fresh history.
                expect(attempt.id != state.stage.attemptID, "a new attempt reused the current id")
                history.start(attempt.id)
            case .saveAttemptStatus(let update) where update.phase == .paymentSubmitted:
                history.submittedSaved.insert(update.attemptID)
            case .requestHold(let attempt):
                expect(history.saved.contains(attempt.id), "requestHold before saveAttempt")
            case .pay(let request) where request.isResend:
                // The same payment again, with the same key, only after a
                // lookup found no booking under that key.
                expect(history.submittedSaved.contains(request.attemptID), "resend before its status was saved")
                // Decided by the payment's own stage: on screen, or being
                // checked in the background after Back.
                let owner = state.stage.attemptID == request.attemptID ? state.stage : state.paymentBeingChecked
                expect(owner?.kind == .unknown, "resend from \(owner?.name ?? "nothing")")
                expect(event.name == "attemptLookedUp(notFound)", "resend after \(event.name)")
                if case .unknown(let unknown)? = owner {
                    expect(request.key == unknown.payment.attempt.key, "a resend with another key")
                }
            case .pay(let request):
                expect(!history.paid.contains(request.attemptID), "second pay for one attempt")
                expect(history.submittedSaved.contains(request.attemptID), "pay before its status was saved")
                expect(state.stage.kind == .held && state.isOnline, "pay from \(state.stage.name)")
                history.paid.insert(request.attemptID)
                history.moneyMayHaveMoved.insert(request.attemptID)
            default:
                break
            }
        }
        if case .restored(let record?, _) = event, state.stage == .browsing {
            history.saved.insert(record.attemptID)  // the row exists: that is where it came from
            if record.phase.mayHaveCharged {
                history.moneyMayHaveMoved.insert(record.attemptID)
                history.submittedSaved.insert(record.attemptID)
                history.paid.insert(record.attemptID)
            }
        }

        if let attempt = next.stage.attemptID {
            if let version = next.stage.version {
                if let seen = history.versions[attempt] {
                    expect(version >= seen, "version went back \(seen) -> \(version)")
                }
                history.versions[attempt] = max(version, history.versions[attempt] ?? version)
            }
            if history.settled.contains(attempt) {
                expect(next.stage.isFinal, "a settled attempt left its final stage")
            }
            if history.moneyMayHaveMoved.contains(attempt) {
                // "Sign in again" keeps the stage it stopped: that one counts.
                var kept = next.stage
                if case .signInRequired(let waiting) = kept { kept = waiting.interrupted }
                expect(payingStages.contains(kept.name), "back to \(kept.name) after paying")
            }
            if next.stage.isFinal { history.settled.insert(attempt) }
            if !next.stage.isFinal {
                expect(!next.enabledActions.isEmpty || next.pendingWork != nil, "no exit in \(next.stage.name)")
            }
            if case .unknown(let unknown) = next.stage, unknown.hasGivenUp {
                expect(next.message == Flow.couldNotConfirmMessage, "wrong words after giving up")
                expect(!next.actions.contains { $0.action == .pay }, "a pay action after giving up")
            }
        }
        if state.stage.isFinal, let attempt = event.attemptID, attempt != state.paymentBeingChecked?.attemptID {
            expect(next == state && effects.isEmpty, "a result moved a final stage")
        }
        // The coupon step's answer changes `held` on the countdown it had:
        // its timer, scheduled when the room was held, still runs.
        let sameCountdown: Bool
        if case .held(let before) = state.stage, case .held(let after) = next.stage {
            sameCountdown = before.attempt == after.attempt && before.countdown == after.countdown
        } else {
            sameCountdown = false
        }
        if next.stage != state.stage, next.pendingWork != nil, !sameCountdown {
            expect(!effects.isEmpty, "waiting in \(next.stage.name) with nothing sent")
        }
        return Node(state: next, history: history)
    }

    /// The alphabet at a node: the table's events, minus restores of an
    /// attempt this path already knows (at launch the store only restores a
    /// row that is not final, and it is the row the path saved).
    /// With a payment being checked in the background (Back from it), its
    /// results are drawn too, and no new attempt takes its id (real ids
    /// never repeat; the samples reuse two).
    static func events(for node: Node) -> [Flow.Event] {
        let background = node.state.paymentBeingChecked?.attemptID
        var events = alphabet(node.state.stage.attemptID ?? background)
        if let background {
            events = events.filter { startedAttempt($0) != background }
            if let current = node.state.stage.attemptID, current != background {
                events += alphabet(background).filter { $0.attemptID == background }
            }
        }
        return events.filter { event in
            guard case .restored(let record?, _) = event else { return true }
            return !node.history.saved.contains(record.attemptID)
        }
    }

    /// The new attempt an event starts, if any.
    static func startedAttempt(_ event: Flow.Event) -> AttemptID? {
        switch event {
        case .holdTapped(let id, _), .acceptNewPriceTapped(let id, _), .retryTapped(let id, _),
            .useAnotherCardTapped(let id, _):
            return id
        default:
            return nil
        }
    }

    /// The events depend only on the stage's attempt id: computed once per id.
    static let alphabets: [AttemptID?: [Flow.Event]] = {
        var table: [AttemptID?: [Flow.Event]] = [:]
        for state in FlowStates.all { table[state.stage.attemptID] = FlowStates.events(for: state) }
        let a2 = Flow.State(
            stage: .checkingHold(
                Flow.CheckingHold(
                    attempt: Flow.Attempt(
                        id: Fix.a2, key: Fix.k2, offerID: Flow.Samples.offerID,
                        quoteID: Flow.Samples.quote.id),
                    offer: nil, holdID: Flow.Samples.holdID, readPending: true)))
        table[Fix.a2] = FlowStates.events(for: a2)
        return table
    }()

    static func alphabet(_ attempt: AttemptID?) -> [Flow.Event] {
        alphabets[attempt] ?? FlowStates.events(for: Flow.State(stage: .browsing))
    }

    struct Stats {
        var depth = 0
        var transitions = 0
        var nodes = 0
    }

    static func explore(depth: Int) -> Stats {
        var stats = Stats(depth: depth)
        for start in FlowStates.all {
            var history = History()
            if let attempt = start.stage.attemptID {
                history.saved.insert(attempt)
                var kept = start.stage
                if case .signInRequired(let waiting) = kept { kept = waiting.interrupted }
                if payingStages.contains(kept.name) {
                    history.moneyMayHaveMoved.insert(attempt)
                    history.submittedSaved.insert(attempt)
                    history.paid.insert(attempt)
                }
                if start.stage.isFinal { history.settled.insert(attempt) }
            }
            let root = Node(state: start, history: history)
            var seen: Set<Node> = [root]
            var frontier: [(Node, [String])] = [(root, [start.stage.name])]
            for _ in 0..<depth where !frontier.isEmpty {
                var nextFrontier: [(Node, [String])] = []
                for (node, path) in frontier {
                    for event in events(for: node) {
                        stats.transitions += 1
                        let child = step(node, event, path: path)
                        if seen.insert(child).inserted { nextFrontier.append((child, path + [event.name])) }
                    }
                }
                frontier = nextFrontier
            }
            stats.nodes += seen.count
        }
        return stats
    }

    /// How deep `swift test` explores: every sequence of this many events
    /// from every stage.
    static let sampleDepth = 3
    /// How deep the long mode (`BOOKINGKIT_LONG=1`, `.ci/run`) explores;
    /// `BOOKINGKIT_EXPLORATION_DEPTH` sets any depth (each level costs
    /// several times the one before).
    static let longDepth = 6

    @Test func everyPathKeepsThePromises() async throws {
        let environment = ProcessInfo.processInfo.environment
        let long = environment["BOOKINGKIT_LONG"] == "1"
        let depth = Int(environment["BOOKINGKIT_EXPLORATION_DEPTH"] ?? "") ?? (long ? Self.longDepth : Self.sampleDepth)
        let started = ContinuousClock.now
        // Seconds of CPU: off the cooperative pool, which other tests need.
        let stats = try await onOwnThread { Self.explore(depth: depth) }
        let elapsed = ContinuousClock.now - started
        print(
            "exploration: depth \(stats.depth), \(stats.nodes) distinct (state, history) nodes, "
                + "\(stats.transitions) transitions checked, \(elapsed)")
        #expect(stats.nodes > 1000)
    }

    @Test func explorationReachesTheHardCorners() {
        // The cap and the "still checking" states are reached from the table's
        // near-cap states, and the given-up state offers "check again" and Back, never Pay.
        let gaveUp = Flow.reduce(Fix.unknown(checks: 5), .attemptLookedUp(Fix.a1, .unreachable)).state
        #expect(gaveUp.enabledActions == [.checkAgain, .back])
        let stillChecking = Flow.reduce(Fix.processing(polls: 8), .bookingPolled(Fix.a1, .unreachable)).state
        #expect(stillChecking.title == "Still checking")
    }
}
