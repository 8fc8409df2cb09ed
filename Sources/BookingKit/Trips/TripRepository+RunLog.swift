import BookingCore
import Foundation

extension TripRepository {
    /// A new event log for one run of `Machine` (a cancellation, a change of
    /// dates), where `runLogPath` puts it, so that `booking replay`
    /// replays that run as it does a payment's. Nil when the client keeps
    /// no log, or when this one cannot be opened: said once to the log
    /// handler, and the run goes on without it (a log never blocks a
    /// cancellation or a refund).
    func runLog<Machine: FlowMachine>(_ machine: Machine.Type) -> FlowEventLog<Machine>? {
        guard let path = runLogPath?(Machine.flowName) else { return nil }
        do {
            return try FlowEventLog<Machine>(path: path, dependencies: dependencies, logHandler: logHandler)
        } catch {
            logger.error(
                "cannot write the \(Machine.flowName) run's event log; the run goes on without it", error: error)
            return nil
        }
    }
}
