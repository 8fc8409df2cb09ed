import BookingAPI
import BookingCore
import Foundation

// Closing a payment's key: the way out of "unknown" for a process that
// cannot send the payment again. The answer is saved here, where it arrives.
extension BookingRepository {
    /// `POST /v1/bookings/close-key` for the attempt's key, and the answer
    /// saved: the booking made under the key applied (a confirmed one with
    /// its trip), or a closed key saved as not paid (`FAILED`, only from
    /// `PAYMENT_SUBMITTED`). A save that fails is logged and leaves the row
    /// open: the next launch looks the key up and closes it again, which
    /// answers the same.
    ///
    /// Safe from any process at any time: the server closes a key only when
    /// nothing was made under it and nothing under it is running, and then
    /// refuses the payment if it arrives later, so a payment still on its
    /// way from another process can never charge after "not paid".
    package func closeKey(_ id: AttemptID) async -> BookingFlow.KeyClosure {
        let record: SavedAttempt
        do {
            record = try saved(id)
        } catch {
            logger.error("cannot read the attempt whose key is to be closed", error: error, ["attempt": id.rawValue])
            return .unreachable
        }
        let answer: KeyClosureAnswer
        do throws(APIError) {
            answer = try await api.closeKey(record.idempotencyKey)
        } catch {
            switch error {
            case .final(.rejected(status: 401, _), _): return .credentialRefused  // nothing closed
            case .notFound, .final(.rejected(status: 405, _), _): return .unsupported
            case .final(_, let detail?) where detail.code == OutcomePolicy.ErrorCode.keyInUse: return .inUse
            default: return .unreachable
            }
        }
        switch answer {
        case .used(let booking):
            do {
                try apply(booking, to: id)
            } catch {
                // Like a lookup whose answer cannot be saved: asked again later.
                logger.error(
                    "cannot save the booking under a closed key", error: error,
                    ["attempt": id.rawValue, "booking": booking.bookingId.rawValue])
                return .unreachable
            }
            return .used(Booking(booking))
        case .closed:
            do {
                _ = try store.concludeNotPaid(id: id, at: now())
            } catch {
                logger.error("cannot save the closed key as not paid", error: error, ["attempt": id.rawValue])
            }
            return .closed
        }
    }
}
