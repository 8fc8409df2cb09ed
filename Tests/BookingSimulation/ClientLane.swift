import BookingCore
import Foundation

/// One client process on the shared data directory, over its lives: the
/// app (the first process, which dies and relaunches) or the second one
/// (the CLI run from another terminal: one process per command). Each life
/// is a `ClientProcess` with its own runtime, repository and connection;
/// the lane keeps what the simulation drives it with: the flow's state, the
/// events its effects delivered, the waits it scheduled.
final class ClientLane: @unchecked Sendable {
    /// Which process this is.
    enum Role: String, Sendable {
        /// The app (the first process).
        case app
        /// The `booking` CLI from another terminal (the second process).
        case cli
    }

    let role: Role
    private let lock = NSLock()
    private var current: ClientProcess?
    private var queue: [BookingFlow.Event] = []
    private var paused = 0
    private var boundaries = 0
    /// The flow's state in this process.
    var state = BookingFlow.initialState
    /// The waits the flow scheduled (I7).
    var schedule = ScheduleWatch()
    /// The payment a `booking pay` will tap once its restored flow is held.
    var pendingPay: PaymentToken?
    /// Steps the current command has been running (the CLI gives up after a while).
    var busySteps = 0

    init(role: Role) {
        self.role = role
    }

    /// The live process, if any.
    var live: ClientProcess? { lock.withLock { current } }

    /// A new life: `process` replaces the last one, with a fresh flow.
    func replace(with process: ClientProcess?) {
        lock.withLock {
            current = process
            queue.removeAll()
        }
        state = BookingFlow.initialState
        schedule = ScheduleWatch()
        pendingPay = nil
        busySteps = 0
    }

    /// Queues an event an effect delivered.
    func enqueue(_ event: BookingFlow.Event) {
        lock.withLock { queue.append(event) }
    }

    /// The next queued event, unless the process is paused at a boundary
    /// (its effects are mid-way; their events wait until they finish).
    func nextEvent() -> BookingFlow.Event? {
        lock.withLock { queue.isEmpty || paused > 0 ? nil : queue.removeFirst() }
    }

    /// Whether events wait.
    var hasQueuedEvents: Bool { lock.withLock { !queue.isEmpty } }

    /// Whether the process is paused at a boundary.
    var isPaused: Bool { lock.withLock { paused > 0 } }

    /// Pauses at a boundary.
    func pause() {
        lock.withLock { paused += 1 }
    }

    /// Goes on after a pause.
    func resume() {
        lock.withLock { paused -= 1 }
    }

    /// Counts a boundary this lane passed; returns the count.
    @discardableResult
    func countBoundary() -> Int {
        lock.withLock {
            boundaries += 1
            return boundaries
        }
    }

    /// Boundaries this lane passed.
    var boundaryCount: Int { lock.withLock { boundaries } }
}
