import BookingCore
import BookingKit

/// A signal while paying (Ctrl-C, SIGTERM, SIGHUP) never stops the charge:
/// the run still ends with one outcome, one exit code and (with `--json`)
/// one document, printed by whichever path claims it first.
enum PaymentSignals {
    /// Runs `pay` with the signals handled: a signal says the payment goes
    /// on, gives it 3 more seconds to settle, then prints the outcome known
    /// then (exit 3 while still unknown) and ends the process, unless `pay`
    /// returned first.
    static func paying(
        _ driver: FlowDriver, _ invocation: Invocation, _ pay: () async -> BookingFlow.State
    ) async -> BookingFlow.State {
        let stopped = Flag()
        let outcomeClaimed = Flag()
        let handlers = Platform.handle(Platform.Signal.allCases) { _ in
            guard stopped.setOnce() else { return }
            interrupted(driver, invocation: invocation, claim: outcomeClaimed)
        }
        let state = await pay()
        guard outcomeClaimed.setOnce() else {
            // The signal's path prints the outcome and exits.
            while true { try? await Task.sleep(for: .seconds(60)) }
        }
        if !stopped.isSet { handlers.restore() }
        return state
    }

    private static func interrupted(_ driver: FlowDriver, invocation: Invocation, claim: Flag) {
        driver.services.console.note("booking: the payment continues on the server; run `booking status`")
        Task {
            let state = await driver.client.follow(timeout: .seconds(3)) { $0.pendingWork != .payment }.state
            guard claim.setOnce() else { return }
            driver.silence()
            let code = PaymentReport.print(state, driver: driver, invocation: invocation)
            Platform.exit(code.rawValue)
        }
    }
}
