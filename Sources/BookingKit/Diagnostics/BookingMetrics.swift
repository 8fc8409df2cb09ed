/// Where BookingKit reports how each payment session ends, for the figures
/// a team watches when it changes the payment flow: the share of sessions
/// that pass through or end in "unknown" (an early signal that answers are
/// being lost), and the time to an outcome. Set it in
/// `BookingClient.Configuration.metrics`, in the spirit of swift-metrics:
/// forward each report to your counters and timers.
///
/// Called off the booking flow's path, one report at a time on a queue of
/// its own: a handler that is slow, blocks or traps there never delays a
/// payment or a screen. Reports pile up behind a blocked handler only to a
/// bound (`SessionMetricsTracker.maximumPending`); past it they are dropped
/// and logged.
public protocol BookingMetrics: Sendable {
    /// One payment session reached its outcome.
    func sessionEnded(_ session: BookingSessionOutcome)
}

/// Metrics that go nowhere: the default.
package struct NoBookingMetrics: BookingMetrics {
    /// Creates one.
    package init() {}

    /// Drops the report.
    package func sessionEnded(_ session: BookingSessionOutcome) {}
}
