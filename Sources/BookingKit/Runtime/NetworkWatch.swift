import BookingCore
import BookingPrimitives

/// The platform's word on whether the device has a network path, so that
/// the client notices the network itself: Pay is disabled with its reason
/// while offline, and a payment being checked is asked about as soon as
/// the path comes back instead of after its back-off. Apple platforms:
/// `NWPathMonitor` (`Platform`). Linux: none (see `NoNetworkWatch`).
/// `BookingClient.networkChanged(isOnline:)` stays for an app that knows
/// better; the latest word, the app's or the platform's, is the one the
/// flow has.
package protocol NetworkWatch: Sendable {
    /// Starts reporting whether a path is there, first the current one and
    /// then each change, to `changed`. Returns what stops it.
    func start(_ changed: @escaping @Sendable (_ isOnline: Bool) -> Void) -> @Sendable () -> Void
}

/// No platform word: on Linux an interface with an address (what a netlink
/// socket would report) says nothing of whether the server answers, and a
/// server process or a command-line run has no user waiting on a disabled
/// button. The client learns of the network from its own requests there,
/// and from `networkChanged(isOnline:)`.
package struct NoNetworkWatch: NetworkWatch {
    package init() {}

    package func start(_ changed: @escaping @Sendable (Bool) -> Void) -> @Sendable () -> Void { {} }
}

/// The client's watch: started once, at launch; each change the platform
/// reports reaches the flow in the order it came, and a report that does
/// not change the last one is dropped (the flow starts online).
package final class NetworkWatching: Sendable {
    private struct Running {
        var stop: (@Sendable () -> Void)?
        var forwarding: Task<Void, Never>?
        var started = false
    }

    private let running = Locked(Running())

    package init() {}

    /// Starts `watch` once, handing each change to `deliver`.
    package func start(_ watch: any NetworkWatch, deliver: @escaping @Sendable (Bool) async -> Void) {
        let (reports, report) = AsyncStream<Bool>.makeStream()
        let first = running.withLock { running -> Bool in
            guard !running.started else { return false }
            running.started = true
            running.forwarding = Task {
                var last = true
                for await isOnline in reports where isOnline != last {
                    last = isOnline
                    await deliver(isOnline)
                }
            }
            return true
        }
        guard first else { return }
        let stop = watch.start { isOnline in report.yield(isOnline) }
        running.withLock { $0.stop = stop }
    }

    /// Stops the watch (at `close()`).
    package func stop() {
        let (stop, forwarding) = running.withLock { running in
            defer { running.stop = nil }
            return (running.stop, running.forwarding)
        }
        stop?()
        forwarding?.cancel()
    }
}
