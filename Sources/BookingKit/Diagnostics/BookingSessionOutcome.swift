import BookingCore

/// How one payment session ended: from the moment the flow first had the
/// attempt's payment in flight (submitting it, or a relaunch that restored
/// it) to the final stage the attempt settled in.
public struct BookingSessionOutcome: Sendable, Equatable {
    /// The kind of payment method, as far as the flow can tell it.
    public enum PaymentMethod: String, Sendable, Equatable, CaseIterable {
        /// A payment that needed no bank challenge.
        case card
        /// A payment that went through the bank's 3-D Secure page.
        case threeDSecure = "3ds"
        /// A wallet's payment (its token starts with `tok_wallet_`).
        case wallet
    }

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
    /// The payment method's kind.
    public var paymentMethod: PaymentMethod

    /// A report.
    package init(
        attemptID: AttemptID, finalStage: String, passedThroughUnknown: Bool, timeToOutcome: Duration,
        paymentMethod: PaymentMethod
    ) {
        self.attemptID = attemptID
        self.finalStage = finalStage
        self.passedThroughUnknown = passedThroughUnknown
        self.timeToOutcome = timeToOutcome
        self.paymentMethod = paymentMethod
    }
}
