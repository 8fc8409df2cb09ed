import BookingCore

extension AttemptPhase {
    /// The phase an attempt is in when its booking is in `status`.
    init(bookingStatus status: BookingStatus) {
        switch status {
        case .held, .paymentRequired: self = .paymentSubmitted
        case .actionRequired: self = .actionRequired
        case .processing: self = .processing
        case .confirmed: self = .confirmed
        case .expired: self = .expired
        case .failed: self = .failed
        case .cancelled: self = .cancelled
        }
    }
}
