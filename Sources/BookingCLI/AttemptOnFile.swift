import BookingCore
import BookingKit
import BookingStore

/// What `booking.sqlite` says of an attempt when it differs from what this
/// run's flow knows: several `booking` runs share one data directory, so a
/// `pay` in another terminal, or a new `hold`, can settle an attempt this run
/// is still watching. Read before any outcome is announced.
enum AttemptOnFile: Equatable {
    /// A newer hold replaced this attempt before any payment left.
    case replaced
    /// Another run sent the payment; the attempt stands at `phase`.
    case paidElsewhere(AttemptPhase, BookingID?)

    /// Where the saved row has moved past the flow's `stage`, if it has.
    static func check(_ stage: BookingFlow.Stage, in repository: BookingRepository) async -> AttemptOnFile? {
        guard let id = stage.attemptID,
            let saved = try? await repository.attempt(id)
        else { return nil }
        switch stage {
        case .requestingHold, .held, .checkingHold, .expired, .failed:
            if saved.phase == .abandoned, !stage.isSuperseded { return .replaced }
            // A hold this run saw refused is saved as failed by this run.
            if saved.phase == .failed, stage.isHoldRefused { return nil }
            if saved.phase.mayHaveCharged && !stage.hasPaymentLeft {
                return .paidElsewhere(saved.phase, saved.bookingID)
            }
            return nil
        default:
            return nil
        }
    }

    /// The exit code: replaced is a failure of this run's hold; a payment
    /// made elsewhere is done when confirmed, otherwise not known yet.
    var exitCode: ExitCode {
        switch self {
        case .replaced: return .failed
        case .paidElsewhere(.confirmed, _): return .done
        case .paidElsewhere(.failed, _), .paidElsewhere(.expired, _), .paidElsewhere(.cancelled, _): return .failed
        case .paidElsewhere: return .unknown
        }
    }

    /// The line that says so.
    var message: String {
        switch self {
        case .replaced:
            return "This hold was replaced by a newer one started elsewhere on this device. Nothing was charged for it."
        case .paidElsewhere(let phase, let booking):
            let id = booking.map { " (booking \($0))" } ?? ""
            return "This room was paid from another `booking` run\(id): it now stands \(phase.rawValue). "
                + "Run `booking status` for the details."
        }
    }
}

extension BookingFlow.Stage {
    /// The room is held.
    var isHeld: Bool {
        if case .held = self { return true }
        return false
    }

    /// The hold itself was refused or could not be asked for: no payment.
    fileprivate var isHoldRefused: Bool {
        if case .failed(let failed) = self {
            if case .waitRequested = failed.reason { return true }
            return failed.reason == .holdUnavailable
        }
        return false
    }

    /// The flow itself already knows a newer hold replaced its attempt.
    fileprivate var isSuperseded: Bool {
        if case .failed(let failed) = self { return failed.reason == .superseded }
        return false
    }

    /// A payment left in this run (failed after a payment answer, or a
    /// payment refused: the flow saw the payment's outcome itself).
    fileprivate var hasPaymentLeft: Bool {
        if case .failed(let failed) = self {
            switch failed.reason {
            case .holdUnavailable, .waitRequested, .superseded, .storageFull: return false
            case .notSent, .declined, .paymentFailed, .rejected: return true
            }
        }
        if case .expired(let expired) = self { return expired.version != nil }
        return false
    }
}
