import BookingCore

/// How one payment session ended: from the moment the flow first had the
/// attempt's payment in flight (submitting it, or a relaunch that restored
/// it) to the final stage the attempt settled in.
public struct BookingSessionOutcome: Sendable, Equatable {
    /// The attempt.
    public var attemptID: AttemptID
    /// The final stage it settled in: `confirmed`, `failed`, `expired`,
    /// `cancelled` or `notPaid`.
    public var finalStage: String
    /// Whether the flow showed the payment as unknown on the way.
    public var passedThroughUnknown: Bool
    /// From the payment's first moment in flight in this run to the
    /// outcome, on the monotonic clock.
    public var timeToOutcome: Duration
    /// The kind that paid, as far as the flow can tell: `.wallet` for a
    /// wallet's token, `.threeDSecure` when the bank's page was shown (or
    /// the 3-D Secure path was chosen), else `.card`.
    public var paymentMethod: PaymentMethodKind
    /// The rollout group of `Configuration.cohort`; nil without one.
    public var cohort: String?

    /// A report.
    package init(
        attemptID: AttemptID, finalStage: String, passedThroughUnknown: Bool, timeToOutcome: Duration,
        paymentMethod: PaymentMethodKind, cohort: String? = nil
    ) {
        self.attemptID = attemptID
        self.finalStage = finalStage
        self.passedThroughUnknown = passedThroughUnknown
        self.timeToOutcome = timeToOutcome
        self.paymentMethod = paymentMethod
        self.cohort = cohort
    }
}
