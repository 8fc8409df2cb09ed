import BookingAPI
import BookingCore
import BookingKit
import BookingViewer
import Foundation

/// `booking cancel BOOKING_ID`: cancels a booking at the version this
/// device holds. The request and its Idempotency-Key are saved before the
/// POST leaves; a cancellation left open by a crash or a lost answer is
/// resumed with its own key (looked up first), and the answer is saved as
/// the trip.
enum CancelCommand: ArgumentCommand {
    static let name = "cancel"
    static let summary = "cancel a booking"
    static let argument = CommandCatalog.bookingID
    /// It cancels: it ends its work if stdout's reader leaves.
    static let finishesItsWork = true

    static func run(_ id: BookingID, _ invocation: Invocation) async throws -> ExitCode {
        let services = try invocation.services()
        let booking: BookingSnapshot
        do {
            booking = try await services.client.cancelBooking(id)
        } catch {
            // Launch reconciliation runs after this booking's own request,
            // which it would otherwise settle first.
            await services.settleAtLaunch()
            throw failure(error, id)
        }
        await services.settleAtLaunch()
        if invocation.json {
            invocation.emit([
                "bookingId": .string(booking.bookingId.rawValue),
                "status": .string(booking.state.rawValue),
                "version": .int(booking.version.rawValue),
                "refund": booking.refund.map { snapshot in
                    let refund = snapshot.refund
                    return [
                        "amount": FlowRenderer.moneyJSON(refund.amount), "state": .string(refund.state.rawValue),
                        "updatedAt": .string(ViewerText.iso(unixMilliseconds: refund.updatedAtMilliseconds)),
                    ]
                } ?? .null,
            ])
        } else {
            invocation.say(
                "Booking \(booking.bookingId.rawValue.terminalSafe): \(booking.state.rawValue.terminalSafe) "
                    + "(version \(booking.version.rawValue))"
                    + (booking.refund.map { ", " + $0.refund.text } ?? "") + ".")
        }
        return .done
    }

    /// What the user reads when the booking did not end cancelled here.
    static func failure(_ error: BookingClientError, _ id: BookingID) -> CommandFailure {
        let shown = id.rawValue.terminalSafe
        switch error {
        case .unknownTrip:
            return .rejected("no trip \(shown) on this device; `booking trips` lists them")
        case .cancel(.alreadyCancelled(_, let version)):
            return .rejected("booking \(shown) is already cancelled (version \(version.rawValue)); nothing was sent")
        case .cancel(.refused(_, let code, let message, let current)):
            return .rejected(refusal(shown, code: code, message: message, current: current))
        case .cancel(.notSent(_, let detail)):
            // The detail says why (offline, a certificate refused, no address): not always the network.
            return .failed("cannot cancel \(shown): nothing was sent (\(detail.terminalSafe)); the booking stands")
        case .cancel(.pending(_, let key, let detail)):
            return CommandFailure(
                .unknown,
                "the cancellation of \(shown) is saved (key \(key.rawValue.terminalSafe)) but its outcome is not known "
                    + "yet (\(detail.terminalSafe)); run `booking cancel \(shown)` or `booking reconcile` later: "
                    + "it is resent with the same key and cancels at most once")
        case .storageFull:
            return .failed("\(BookingFlow.storageFullMessage) (cannot save the cancellation of \(shown): \(error))")
        default:
            return CommandFailure.client(error, doing: "cancel \(shown)")
        }
    }

    private static func refusal(_ id: String, code: String, message: String, current: Trip?) -> String {
        let now = current.map { "\($0.status.rawValue.terminalSafe), version \($0.version.rawValue)" }
        switch code {
        case "VERSION_CONFLICT":
            return "booking \(id) changed on the server"
                + (now.map { " (it is now \($0))" } ?? "")
                + ": nothing was cancelled; this device's copy is updated; "
                + "run `booking cancel \(id)` again to cancel it as it is now"
        case "BOOKING_NOT_CANCELLABLE":
            return "booking \(id) cannot be cancelled"
                + (now.map { ": the server has it \($0)" } ?? "")
                + "; nothing was cancelled or refunded by this request"
        case "NOT_FOUND":
            return "the server has no booking \(id) for this account (another account's booking?): "
                + "nothing was cancelled, and this device's copy is kept"
        default:
            return "the server refused to cancel booking \(id): \(code.terminalSafe): \(message.terminalSafe); "
                + "nothing was cancelled"
        }
    }
}
