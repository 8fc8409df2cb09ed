import BookingPrimitives
import Foundation

/// The threads exchanges run on: `curl_multi_poll` blocks its thread, so it
/// cannot be one of the cooperative pool's few threads. A thread that
/// finishes an exchange waits 10 s for the next one before it ends, so a
/// booking's requests do not each pay for making a thread (and glibc for
/// its malloc arena); as many run at once as exchanges are in flight.
final class CurlWorkers: Sendable {
    /// The process's workers, shared by every `CurlTransport`.
    static let shared = CurlWorkers()

    private final class Worker: @unchecked Sendable {
        let wake = DispatchSemaphore(value: 0)
        /// The next job; read and written only under `idle`'s lock.
        var job: (@Sendable () -> Void)?
    }

    private static let keptFor: DispatchTimeInterval = .seconds(10)
    private let idle = Locked<[Worker]>([])

    /// Runs `job` on an idle worker, or on a new thread when none waits.
    func run(_ job: @escaping @Sendable () -> Void) {
        let waiting = idle.withLock { idle -> Worker? in
            let worker = idle.popLast()
            worker?.job = job
            return worker
        }
        if let waiting {
            waiting.wake.signal()
            return
        }
        let worker = Worker()
        worker.job = job
        Thread.detachNewThread { self.work(worker) }
    }

    private func work(_ worker: Worker) {
        while true {
            idle.withLock { _ in worker.job.take() }?()
            idle.withLock { $0.append(worker) }
            guard worker.wake.wait(timeout: .now() + Self.keptFor) == .timedOut else { continue }
            let leaves = idle.withLock { idle -> Bool in
                guard let index = idle.firstIndex(where: { $0 === worker }) else { return false }
                idle.remove(at: index)
                return true
            }
            if leaves { return }
            // A job came as the wait ended: take the signal that goes with it.
            worker.wake.wait()
        }
    }
}
