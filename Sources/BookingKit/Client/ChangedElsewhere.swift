/// What `booking.sqlite` says of the flow's attempt when another process on
/// the same data directory (a second app instance, the command line, an
/// extension) moved it past what this flow knows. Read it before announcing
/// an outcome: ``BookingClient/changedElsewhere()``.
public struct ChangedElsewhere: Hashable, Sendable, CustomStringConvertible {
    /// Where the saved attempt stands after another process paid for it;
    /// nil when a newer hold replaced it before any payment left.
    package let phase: AttemptPhase?
    /// The booking the other process made, if any (once the server gave one).
    public let bookingID: BookingID?

    /// A newer hold replaced this attempt before any payment left.
    package static let replaced = ChangedElsewhere(phase: nil, bookingID: nil)

    /// Another process sent the payment; the attempt now stands at `phase`.
    package static func paid(_ phase: AttemptPhase, bookingID: BookingID?) -> ChangedElsewhere {
        ChangedElsewhere(phase: phase, bookingID: bookingID)
    }

    /// Whether a newer hold, started elsewhere on this device, replaced this
    /// attempt before any payment left: nothing was charged for it.
    public var isReplaced: Bool { phase == nil }

    /// Whether another process paid and the room ended booked.
    public var isConfirmed: Bool { phase == .confirmed }

    /// Whether the attempt ended with nothing booked: replaced, or a payment
    /// elsewhere that failed, expired or was cancelled.
    public var endedUnbooked: Bool {
        switch phase {
        case nil, .failed?, .expired?, .cancelled?: return true
        default: return false
        }
    }

    public var description: String {
        guard let phase else {
            return "This hold was replaced by a newer one started elsewhere on this device. Nothing was charged for it."
        }
        let id = bookingID.map { " (booking \($0))" } ?? ""
        return "This room was paid from another run on this device\(id): it now stands \(phase.rawValue)."
    }
}

extension ChangedElsewhere {
    /// Where the saved attempt `saved` has moved past the flow's `stage`, if
    /// it has: only stages before any payment left this flow are compared
    /// (once it has sent one, the flow itself follows that payment).
    static func compare(_ stage: BookingFlow.Stage, saved: SavedAttempt) -> ChangedElsewhere? {
        switch stage {
        case .requestingHold, .held, .checkingHold, .expired, .failed:
            if saved.phase == .abandoned, !stage.isSuperseded, !stage.gaveUpItsHold { return .replaced }
            // A hold this run saw refused is saved as failed by this run.
            if saved.phase == .failed, stage.isHoldRefused { return nil }
            if saved.phase.mayHaveCharged && !stage.hasPaymentLeft {
                return .paid(saved.phase, bookingID: saved.bookingID)
            }
            return nil
        default:
            return nil
        }
    }
}

extension BookingFlow.Stage {
    /// The hold itself was refused or could not be asked for: no payment.
    fileprivate var isHoldRefused: Bool {
        if case .failed(let failed) = self {
            if case .waitRequested = failed.reason { return true }
            return failed.reason == .holdUnavailable
        }
        return false
    }

    /// The countdown ran out on this device while the server still kept the
    /// room: the flow saved its attempt abandoned and released the room
    /// itself (`BookingFlow.holdArrived`), so an abandoned row is its own.
    fileprivate var gaveUpItsHold: Bool {
        if case .expired(let expired) = self { return expired.version == nil }
        return false
    }

    /// The flow itself already knows why its attempt is saved abandoned: a
    /// newer hold replaced it, or another device paid its hold.
    fileprivate var isSuperseded: Bool {
        if case .failed(let failed) = self { return failed.reason == .superseded || failed.reason == .bookedElsewhere }
        return false
    }

    /// A payment left in this flow (failed after a payment answer, or a
    /// payment refused: the flow saw the payment's outcome itself).
    fileprivate var hasPaymentLeft: Bool {
        if case .failed(let failed) = self {
            switch failed.reason {
            case .holdUnavailable, .holdNotKnown, .waitRequested, .superseded, .bookedElsewhere, .storageFull:
                return false
            case .notSent, .declined, .paymentFailed, .abandoned, .rejected: return true
            }
        }
        if case .expired(let expired) = self { return expired.version != nil }
        return false
    }
}
