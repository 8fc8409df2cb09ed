extension PaymentFlow {
    /// Where the payment is. The four payment stages are the booking flow's
    /// own (`BookingFlow.Stage`), with the same data.
    package enum State: Hashable, Sendable {
        /// Nothing sent yet (the start; the booking flow is in `held`).
        case ready
        /// The payment request is out.
        case submitting(BookingFlow.Submitting)
        /// The payment's answer was lost: only the lookup by key runs.
        case unknown(BookingFlow.Unknown)
        /// The bank asks for 3-D Secure.
        case actionRequired(BookingFlow.ActionRequired)
        /// The payment is being processed: polling.
        case processing(BookingFlow.Processing)
        /// Final: the machine's work is done; the parent takes over with the output.
        case ended(Output)

        /// The payment stage of the booking flow's `stage`, scoped into this
        /// machine; `nil` for a stage that is not a payment stage.
        package init?(_ stage: BookingFlow.Stage) {
            switch stage {
            case .submitting(let s): self = .submitting(s)
            case .unknown(let s): self = .unknown(s)
            case .actionRequired(let s): self = .actionRequired(s)
            case .processing(let s): self = .processing(s)
            default: return nil
            }
        }

        /// The stage's name: a payment stage's is the booking flow's, an
        /// end's is its output's.
        package var name: String {
            switch self {
            case .ready: return "ready"
            case .submitting: return "submitting"
            case .unknown: return "unknown"
            case .actionRequired: return "actionRequired"
            case .processing: return "processing"
            case .ended(let output): return output.name
            }
        }

        /// The attempt the payment belongs to; `nil` before it starts and after it ends.
        package var attemptID: AttemptID? {
            switch self {
            case .submitting(let s): return s.attempt.id
            case .unknown(let s): return s.payment.attempt.id
            case .actionRequired(let s): return s.payment.attempt.id
            case .processing(let s): return s.payment.attempt.id
            case .ready, .ended: return nil
            }
        }
    }
}
