import BookingCore
import BookingKit
import BookingPrimitives
import Foundation

/// One client process on the shared data directory, over its lives: the
/// app (the first process, which dies and relaunches) or the second one
/// (the CLI run from another terminal: one process per command); or the
/// account's second device on a data directory of its own (an app that
/// dies and relaunches too). Each life
/// is a `ClientProcess` with its own client, repository and connection;
/// the lane keeps what the simulation drives it with: the flow's state as
/// the client's flow store last took a step, the effects those steps asked
/// for and the events the effects delivered (both held until the
/// simulation runs them), the waits the flow scheduled.
final class ClientLane: @unchecked Sendable {
    /// Which process this is.
    enum Role: String, Sendable {
        /// The app (the first process).
        case app
        /// The `booking` CLI from another terminal (the second process).
        case cli
        /// The same account's second device: its own data directory, the
        /// same server and key (issue 40, item 4).
        case device
    }

    private struct Record {
        var current: ClientProcess?
        var state = BookingFlow.initialState
        var steps: [[BookingFlow.Effect]] = []
        var queue: [BookingFlow.Event] = []
        var paused = 0
        var boundaries = 0
    }

    let role: Role
    private let record = Locked(Record())
    /// The waits the flow scheduled (I7).
    var schedule = ScheduleWatch()
    /// The payment a `booking pay` will tap once its restored flow is held.
    var pendingPay: PaymentToken?
    /// Steps the current command has been running (the CLI gives up after a while).
    var busySteps = 0
    /// The rooms the account holds elsewhere, as this process last read
    /// them (at launch, or back in the foreground): the second device's
    /// user takes one over or lets it go.
    var heldElsewhere: [HeldElsewhere] = []

    init(role: Role) {
        self.role = role
    }

    /// The live process, if any.
    var live: ClientProcess? { record.withLock { $0.current } }

    /// The flow's state in the live process: the state its flow store's
    /// last step led to (`FlowStore.Step.after`).
    var state: BookingFlow.State { record.withLock { $0.state } }

    /// A new life: `process` replaces the last one, with a fresh flow.
    func replace(with process: ClientProcess?) {
        record.withLock {
            $0.current = process
            $0.state = BookingFlow.initialState
            $0.steps.removeAll()
            $0.queue.removeAll()
        }
        schedule = ScheduleWatch()
        pendingPay = nil
        busySteps = 0
        heldElsewhere = []
    }

    /// A step the flow took: its state, and its effects to run.
    func took(_ step: FlowStore.Step) {
        record.withLock {
            $0.state = step.after
            if !step.effects.isEmpty { $0.steps.append(step.effects) }
        }
    }

    /// The effects of the earliest step not yet run.
    func nextEffects() -> [BookingFlow.Effect]? {
        record.withLock { $0.steps.isEmpty ? nil : $0.steps.removeFirst() }
    }

    /// Queues an event an effect delivered.
    func enqueue(_ event: BookingFlow.Event) {
        record.withLock { $0.queue.append(event) }
    }

    /// The next queued event, unless the process is paused at a boundary
    /// (its effects are mid-way; their events wait until they finish).
    func nextEvent() -> BookingFlow.Event? {
        record.withLock { $0.queue.isEmpty || $0.paused > 0 ? nil : $0.queue.removeFirst() }
    }

    /// Whether events wait.
    var hasQueuedEvents: Bool { record.withLock { !$0.queue.isEmpty } }

    /// Whether the process is paused at a boundary.
    var isPaused: Bool { record.withLock { $0.paused > 0 } }

    /// Pauses at a boundary.
    func pause() {
        record.withLock { $0.paused += 1 }
    }

    /// Goes on after a pause.
    func resume() {
        record.withLock { $0.paused -= 1 }
    }

    /// Counts a boundary this lane passed; returns the count.
    @discardableResult
    func countBoundary() -> Int {
        record.withLock {
            $0.boundaries += 1
            return $0.boundaries
        }
    }

    /// Boundaries this lane passed.
    var boundaryCount: Int { record.withLock { $0.boundaries } }
}
