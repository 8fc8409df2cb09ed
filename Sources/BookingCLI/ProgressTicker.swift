import BookingCore
import BookingKit

/// While the flow waits on the server (the payment, a lookup, a poll), a
/// terminal shows for how long, rewritten in place each second: the lookups
/// after a lost answer can be many seconds apart. Nothing off a terminal.
package struct ProgressTicker: Sendable {
    private let task: Task<Void, Never>?
    private let console: Console

    /// Starts ticking for `client`'s flow on `console` (only on a terminal, only when `enabled`).
    package init(client: BookingClient, console: Console, enabled: Bool) {
        self.console = console
        guard enabled, console.isTerminal else {
            task = nil
            return
        }
        task = Task {
            let started = ContinuousClock.now
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(1))
                let state = await client.state
                guard !Task.isCancelled, state.showsProgress else { continue }
                let seconds = (ContinuousClock.now - started).components.seconds
                console.overwriteLine(console.styled("  … \(seconds) s", .dim))
            }
        }
    }

    /// Stops ticking and clears the line.
    package func stop() async {
        guard let task else { return }
        task.cancel()
        await task.value
        console.clearLine()
    }
}
