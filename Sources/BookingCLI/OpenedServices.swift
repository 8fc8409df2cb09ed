import BookingPrimitives

/// The services a run opened, closed when the run ends: the embedded
/// sandbox stops (its listener, its threads, its database) before
/// `BookingTool.run` returns. A process would end them with itself; a run
/// inside a longer-lived process (a test, an app's debug console) has
/// nothing else that stops them.
package final class OpenedServices: Sendable {
    private let opened = Locked<[Services]>([])

    /// An empty list.
    package init() {}

    /// Adds `services` to the ones closed at the end; returns them.
    package func keep(_ services: Services) -> Services {
        opened.withLock { $0.append(services) }
        return services
    }

    /// Closes every one kept so far, newest first.
    package func closeAll() async {
        let all = opened.withLock { opened in
            defer { opened.removeAll() }
            return opened
        }
        for services in all.reversed() { await services.close() }
    }
}
