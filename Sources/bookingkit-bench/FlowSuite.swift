import BookingCore
import Foundation

/// The pure reducer's throughput: a checkout's worth of events (offer,
/// hold, held, pay, lost answer, lookups, confirmation, plus duplicates and
/// stale events) through `BookingFlow.reduce`, against the same events
/// through a reducer that only copies the state (the cost of moving the
/// values around).
struct FlowSuite: BenchmarkSuite {
    let name = "flow"
    let summary = "reduce throughput, events per second, vs copying the state"

    func run(_ context: SuiteContext) throws -> [Figure] {
        let events = Self.checkout()
        let repeats = context.scale == .quick ? 200 : 20_000
        var reduced: [Int64] = []
        var copied: [Int64] = []
        var checksum = 0
        for round in 0..<(context.scale == .quick ? 3 : 11) {
            let reduceTime = Self.time {
                for _ in 0..<repeats {
                    var state = BookingFlow.initialState
                    for event in events {
                        let step = BookingFlow.reduce(state, event)
                        state = step.state
                        checksum &+= step.effects.count
                    }
                }
            }
            let copyTime = Self.time {
                for _ in 0..<repeats {
                    var state = BookingFlow.initialState
                    for event in events {
                        state = Self.copyOnly(state, event)
                        checksum &+= state.isOnline ? 1 : 0
                    }
                }
            }
            if round > 0 {  // the first round is the warm-up
                reduced.append(reduceTime)
                copied.append(copyTime)
            }
        }
        context.log("flow: checksum \(checksum)")
        let count = events.count * repeats
        return [
            Figure(
                name: "Flow reduce, \(count) events", kind: .throughput(items: count, unit: "events"),
                store: Samples(reduced).median, baseline: Samples(copied).median, goal: nil,
                detail: "\(events.count)-event checkout x \(repeats); baseline copies the state per event")
        ]
    }

    @inline(never)
    static func copyOnly(_ state: BookingFlow.State, _ event: BookingFlow.Event) -> BookingFlow.State {
        var copy = state
        if case .wentOffline = event { copy.isOnline = false }
        return copy
    }

    static func time(_ body: () -> Void) -> Int64 {
        let start = ContinuousClock.now
        body()
        let (seconds, attoseconds) = (ContinuousClock.now - start).components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }

    /// A checkout with a lost answer, a duplicate tap and stale events.
    static func checkout() -> [BookingFlow.Event] {
        let samples = BookingFlow.Samples.self
        let attempt = AttemptID("A1")
        let hold = samples.hold
        return [
            .offerChosen(samples.offer),
            .holdTapped(attempt: attempt, key: IdempotencyKey("K1")),
            .holdGranted(attempt, hold, sentAt: .origin, receivedAt: MonotonicInstant(sinceOrigin: .milliseconds(80))),
            .payTapped(PaymentToken("tok_visa"), now: MonotonicInstant(sinceOrigin: .seconds(30))),
            .payTapped(PaymentToken("tok_visa"), now: MonotonicInstant(sinceOrigin: .seconds(31))),
            .payFailed(attempt, .unknownOutcome),
            .attemptLookedUp(attempt, .notFound),
            .attemptLookedUp(AttemptID("stale"), .notFound),
            .attemptLookedUp(attempt, .found(samples.booking(.confirmed, version: 3))),
            .payAnswered(attempt, samples.booking(.processing, version: 2)),
            .backTapped,
        ]
    }
}
