import BookingCore
import BookingKit
import Foundation

/// The live hold countdown on a terminal: the time left (from the hold
/// clock and the flow's countdown) rewritten in place every quarter second
/// until the flow leaves `held` and settles, or Ctrl-C stops the watching
/// (the room stays held).
package struct Countdown: Sendable {
    /// The driver whose flow is watched.
    package let driver: FlowDriver

    /// Creates a countdown.
    package init(driver: FlowDriver) {
        self.driver = driver
    }

    /// Shows the countdown until the hold settles or Ctrl-C; returns the exit code.
    package func show() async -> ExitCode {
        let console = driver.services.console
        let stop = Flag()
        let handlers = Platform.handle([.interrupt, .terminate]) { _ in stop.set() }
        defer { handlers.restore() }
        var onLine = false
        var shown: Int?
        var tick = 0
        while true {
            let state = await driver.client.state
            let isHeld: Bool
            if case .held = state.stage { isHeld = true } else { isHeld = false }
            // Another run on this data directory may pay this room, or hold
            // another one: the saved row is read once a second and wins.
            if tick % 4 == 0 || state.isAtRest && !isHeld,
                var elsewhere = await driver.client.changedElsewhere()
            {
                if onLine { console.line() }
                if !elsewhere.isReplaced {
                    // The other run is paying: follow its outcome on file.
                    console.line("  This room is being paid from another `booking` run …")
                    elsewhere = await followPayment(stop: stop) ?? elsewhere
                }
                console.line(FlowRenderer.elsewhere(elsewhere))
                return ExitCode(outcome: state, elsewhere: elsewhere, goal: .hold)
            }
            tick += 1
            if let left = driver.secondsLeft(state), case .held = state.stage {
                if left != shown {
                    console.overwriteLine(
                        "  " + console.styled(FlowRenderer.clockText(seconds: left), .bold)
                            + " left to pay (run `booking pay`; Ctrl-C stops watching, the room stays held)")
                }
                shown = left
                onLine = true
            } else {
                shown = nil
                if onLine { console.line() }
                onLine = false
                driver.report(state)
                if state.isAtRest { return ExitCode(outcome: state, elsewhere: nil, goal: .hold) }
            }
            if stop.isSet {
                if onLine { console.line() }
                let left = driver.secondsLeft(state).map { " for \(FlowRenderer.clockText(seconds: $0))" } ?? ""
                console.line("Stopped watching. The room stays held\(left): run `booking pay`.")
                return .done
            }
            try? await Task.sleep(for: .milliseconds(250))
        }
    }

    /// Reads the attempt from file until the payment another run sent is
    /// settled, for as long as a payment may take (`FlowDriver.paymentBudget`)
    /// or until Ctrl-C; returns where it stands then.
    private func followPayment(stop: Flag) async -> ChangedElsewhere? {
        let deadline = ContinuousClock.now + FlowDriver.paymentBudget
        var last: ChangedElsewhere?
        while ContinuousClock.now < deadline && !stop.isSet {
            if let elsewhere = await driver.client.changedElsewhere() {
                last = elsewhere
                if let phase = elsewhere.phase, phase.isFinal { return last }
            }
            // Real time: another process is paying, on the server's time.
            try? await Task.sleep(for: .milliseconds(250))
        }
        return last
    }

    /// Shows `seconds` ticks of the countdown (the demo): in place on a
    /// terminal, one plain line per second otherwise.
    package func show(seconds: Int) async {
        let console = driver.services.console
        for tick in 0..<seconds {
            let state = await driver.client.state
            guard let left = driver.secondsLeft(state) else { return }
            let text = "  " + FlowRenderer.clockText(seconds: left) + " left to pay"
            if console.isTerminal { console.overwriteLine(text) } else { console.line(text) }
            if tick < seconds - 1 { try? await Task.sleep(for: .seconds(1)) }
        }
        if console.isTerminal { console.line() }
    }
}
