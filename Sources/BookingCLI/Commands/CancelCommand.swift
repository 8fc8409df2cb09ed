import BookingAPI
import BookingCommandLine
import BookingCore
import BookingKit
import BookingViewer
import Foundation

/// `booking cancel BOOKING_ID [--yes]`: cancels a confirmed booking at the
/// refund the server quotes. The quote (refund, penalty, how long it holds)
/// is shown and the user asked on a terminal (or `--yes`); with no terminal
/// and no `--yes` nothing is cancelled and the run fails (exit 1) after
/// showing the refund it would get. The accepted request, its
/// Idempotency-Key and the quote are saved before the POST leaves; a
/// cancellation left open by a crash or a lost answer is resumed with its
/// own key (looked up first, never asked again), and the answer is saved
/// as the trip.
struct CancelCommand: BookingCommand {
    static let yes: TypedOption<Bool> = .flag("--yes", help: "cancel at the quoted refund without asking")

    /// It cancels: it ends its work if stdout's reader leaves.
    static let finishesItsWork = true

    static let spec = CommandSpec(
        name: "cancel", summary: "cancel a booking (shows the refund first)",
        discussion:
            "Shows the refund and any penalty the server quotes, then asks (or --yes); with no terminal and no "
            + "--yes nothing is cancelled (exit 1). The cancellation is saved with its key before it is sent, "
            + "and cancels and refunds once.",
        options: [yes.spec], arguments: [CommandCatalog.bookingID.spec])

    /// The booking to cancel.
    let id: BookingID
    /// Whether the user accepts the quoted refund without being asked.
    let accepts: Bool

    init(_ input: CommandInput) throws(UsageError) {
        id = try input(CommandCatalog.bookingID)
        accepts = try input(Self.yes)
    }

    /// How many quotes in a row a person is shown before the run gives up
    /// (each one refused as expired or changed by the time it was accepted).
    private static let quotesShown = 3

    func run(_ invocation: Invocation) async throws -> ExitCode {
        let services = try invocation.services()
        let client = services.client
        var quote: CancellationQuote?
        let booking: BookingSnapshot
        do {
            // A saved cancellation was accepted already: resumed, never asked again.
            if !(await client.hasOpenCancellation(id)) {
                quote = try await client.cancellationQuote(for: id)
            }
            var shown = 1
            while true {
                if let offered = quote, !accepted(offered, invocation) {
                    await services.settleAtLaunch()
                    return declined(offered, invocation)
                }
                do {
                    booking = try await client.cancelBooking(id, quote: quote)
                    break
                } catch .cancel(.quoteChanged(_, let newQuote)) where shown < Self.quotesShown && !accepts {
                    invocation.say("The quote no longer holds; the server quoted again.")
                    quote = newQuote
                    shown += 1
                }
            }
        } catch {
            // Launch reconciliation runs after this booking's own request,
            // which it would otherwise settle first.
            await services.settleAtLaunch()
            throw Self.failure(error, id, money: invocation.money)
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
                "quote": quote.map(Self.quoteJSON) ?? .null, "cancelled": true,
            ])
        } else {
            invocation.say(
                "Booking \(booking.bookingId.rawValue.terminalSafe): \(booking.state.rawValue.terminalSafe) "
                    + "(version \(booking.version.rawValue))"
                    + (booking.refund.map { ", " + $0.refund.text(money: invocation.money.text) } ?? "") + ".")
        }
        return .done
    }

    /// Whether the user accepts `quote`: `--yes`; otherwise shown, and asked
    /// on a terminal (never with `--json`, never without a terminal).
    private func accepted(_ quote: CancellationQuote, _ invocation: Invocation) -> Bool {
        if accepts { return true }
        guard !invocation.json, invocation.console.canAsk else { return false }
        invocation.say(Self.quoteText(quote, money: invocation.money))
        return invocation.console.confirm("Cancel booking \(id.rawValue.terminalSafe)? [y/N]")
    }

    /// Nothing cancelled: the quote and why, and exit 1 (a person said no,
    /// or there was no one to ask).
    private func declined(_ quote: CancellationQuote, _ invocation: Invocation) -> ExitCode {
        let shown = id.rawValue.terminalSafe
        let why =
            invocation.console.canAsk && !invocation.json
            ? "Nothing was cancelled."
            : "Nothing was cancelled: there is no terminal to ask; run `booking cancel \(shown) --yes` to cancel."
        if invocation.json {
            invocation.emit(["bookingId": .string(id.rawValue), "quote": Self.quoteJSON(quote), "cancelled": false])
            invocation.console.note(why)
        } else {
            if !invocation.console.canAsk { invocation.say(Self.quoteText(quote, money: invocation.money)) }
            invocation.say(why)
        }
        return .failed
    }

    /// The quote in words, amounts in `money`'s form: what cancelling
    /// gives back and keeps, and until when.
    static func quoteText(_ quote: CancellationQuote, money: MoneyStyle) -> String {
        let penalty =
            quote.penalty.minorUnits == 0 ? "no penalty" : "a penalty of \(money.text(quote.penalty)) is kept"
        return "Cancelling refunds \(money.text(quote.refund)) (\(penalty)); this quote holds until "
            + "\(ViewerText.iso(unixMilliseconds: quote.expiresAtMilliseconds))."
    }

    private static func quoteJSON(_ quote: CancellationQuote) -> JSONValue {
        [
            "quoteId": .string(quote.quoteID), "version": .int(quote.version.rawValue),
            "refund": FlowRenderer.moneyJSON(quote.refund), "penalty": FlowRenderer.moneyJSON(quote.penalty),
            "expiresAt": .string(ViewerText.iso(unixMilliseconds: quote.expiresAtMilliseconds)),
        ]
    }

    /// What the user reads when the booking did not end cancelled here
    /// (amounts in `money`'s form).
    static func failure(_ error: BookingClientError, _ id: BookingID, money: MoneyStyle) -> CommandFailure {
        let shown = id.rawValue.terminalSafe
        switch error {
        case .unknownTrip:
            return .rejected("no trip \(shown) on this device; `booking trips` lists them")
        case .cancel(.alreadyCancelled(_, let version)):
            return .rejected("booking \(shown) is already cancelled (version \(version.rawValue)); nothing was sent")
        case .cancel(.refused(_, let code, let message, let current)):
            return .rejected(refusal(shown, code: code, message: message, current: current))
        case .cancel(.quoteChanged(_, let quote)):
            return .failed(
                "the quote no longer holds (it expired, or the booking changed); the new one refunds "
                    + "\(money.text(quote.refund)), penalty \(money.text(quote.penalty)); nothing was cancelled: "
                    + "run `booking cancel \(shown)` again")
        case .cancel(.notSent(_, let detail)):
            return .nothingSent(doing: "cancel \(shown)", detail)
        case .cancel(.pending(_, let key, let detail)):
            return CommandFailure(
                .unknown,
                "the cancellation of \(shown) is saved (key \(key.rawValue.terminalSafe)) but its outcome is not known "
                    + "yet (\(detail.terminalSafe)); run `booking cancel \(shown)` or `booking reconcile` later: "
                    + "it is resent with the same key and cancels at most once")
        case .storageFull:
            return .storageFull(saving: "the cancellation of \(shown)", error)
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
