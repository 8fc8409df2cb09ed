import BookingAPI
import BookingCommandLine
import BookingCore
import BookingKit
import Foundation

/// `booking modify BOOKING_ID --check-in D --check-out D [--accept]`:
/// changes a confirmed booking's dates. The server quotes the new dates
/// first (the new total and the difference to pay or to be refunded); the
/// quote is shown and the user asked (or `--accept`). The accepted request
/// and its Idempotency-Key are saved before the POST leaves; a change left
/// open by a crash or a lost answer is settled by the next `modify` or
/// `booking reconcile`, and the answer is saved as the trip, by version.
struct ModifyCommand: BookingCommand {
    static let dates = StayDateOptions(whose: "the new ")
    static let accept: TypedOption<Bool> = .flag(
        "--accept", help: "change the dates at the quoted price without asking")
    static let again: TypedOption<Bool> = .flag(
        "--again", help: "move it onto dates this device has another booking of the same room for (a second room)")

    /// It charges or refunds: it ends its work if stdout's reader leaves.
    static let finishesItsWork = true

    static let spec = CommandSpec(
        name: "modify", summary: "change a booking's dates (shows the quote first)",
        discussion:
            "Shows the new total and the difference to pay or to be refunded, then asks (or --accept). "
            + "The change is saved with its key before it is sent, and charged or refunded once.",
        options: dates.specs + [accept.spec, again.spec], arguments: [CommandCatalog.bookingID.spec])

    /// The booking to change.
    let id: BookingID
    /// The new first night.
    let newCheckIn: CalendarDate
    /// The day the new stay ends.
    let newCheckOut: CalendarDate
    /// Whether the user accepts the quote without being asked.
    let accepts: Bool
    /// Whether the user wants a second room on dates already booked.
    let bookingAgain: Bool

    init(_ input: CommandInput) throws(UsageError) {
        id = try input(CommandCatalog.bookingID)
        newCheckIn = try input(Self.dates.checkIn)
        newCheckOut = try input(Self.dates.checkOut)
        accepts = try input(Self.accept)
        bookingAgain = try input(Self.again)
    }

    func validate() throws(UsageError) {
        try Self.dates.check(checkIn: newCheckIn, checkOut: newCheckOut)
    }

    func run(_ invocation: Invocation) async throws -> ExitCode {
        let services = try invocation.services()
        let client = services.client
        let quote: ModificationQuoteSnapshot
        do {
            quote = try await client.modificationQuote(
                for: id, checkIn: newCheckIn, checkOut: newCheckOut, bookingAgain: bookingAgain)
        } catch {
            await services.settleAtLaunch()
            throw Self.failure(error, id, money: invocation.money)
        }
        guard accepts || (!invocation.json && Self.userAccepts(quote, invocation)) else {
            await services.settleAtLaunch()
            if invocation.json {
                invocation.emit(["bookingId": .string(id.rawValue), "quote": Self.quoteJSON(quote), "changed": false])
            } else {
                invocation.say("Nothing changed.")
            }
            return .done
        }
        let booking: BookingSnapshot
        do {
            booking = try await client.modifyBooking(quote)
        } catch {
            // Launch reconciliation runs after this booking's own request,
            // which it would otherwise settle first.
            await services.settleAtLaunch()
            throw Self.failure(error, id, money: invocation.money)
        }
        await services.settleAtLaunch()
        if invocation.json {
            invocation.emit([
                "bookingId": .string(booking.bookingId.rawValue), "status": .string(booking.state.rawValue),
                "version": .int(booking.version.rawValue), "checkIn": .string(booking.checkIn.description),
                "checkOut": .string(booking.checkOut.description), "total": FlowRenderer.moneyJSON(booking.price.total),
                "quote": Self.quoteJSON(quote), "changed": true,
            ])
        } else {
            invocation.say(
                "Booking \(booking.bookingId.rawValue.terminalSafe): \(booking.checkIn) to \(booking.checkOut), "
                    + "\(invocation.money.text(booking.price.total)) (version \(booking.version.rawValue)); "
                    + Self.differenceText(quote.difference, done: true, money: invocation.money) + ".")
        }
        return .done
    }

    /// Shows the quote and reads the answer from standard input: yes only
    /// for `y` or `yes` (end of input is no).
    private static func userAccepts(_ quote: ModificationQuoteSnapshot, _ invocation: Invocation) -> Bool {
        let money = invocation.money
        invocation.say(
            "New dates \(quote.checkIn) to \(quote.checkOut): new total \(money.text(quote.price.total)) "
                + "(was \(money.text(quote.previousTotal))); "
                + differenceText(quote.difference, done: false, money: money) + ".",
            "Change the dates? [y/N]")
        guard let answer = readLine(strippingNewline: true) else { return false }
        return ["y", "yes"].contains(answer.trimmingCharacters(in: .whitespaces).lowercased())
    }

    /// The difference in words, in `money`'s form: to pay or to be
    /// refunded (or nothing).
    static func differenceText(_ difference: Money, done: Bool, money: MoneyStyle) -> String {
        let amount = money.text(Money(minorUnits: abs(difference.minorUnits), currency: difference.currency))
        if difference.minorUnits > 0 { return done ? "\(amount) charged" : "\(amount) to pay" }
        if difference.minorUnits < 0 { return done ? "\(amount) refunded" : "\(amount) to be refunded" }
        return "nothing to pay or refund"
    }

    private static func quoteJSON(_ quote: ModificationQuoteSnapshot) -> JSONValue {
        [
            "quoteId": .string(quote.quoteId), "version": .int(quote.version.rawValue),
            "checkIn": .string(quote.checkIn.description), "checkOut": .string(quote.checkOut.description),
            "total": FlowRenderer.moneyJSON(quote.price.total),
            "previousTotal": FlowRenderer.moneyJSON(quote.previousTotal),
            "difference": [
                "amount": .int(quote.difference.minorUnits), "currency": .string(quote.difference.currency.rawValue),
            ],
        ]
    }

    /// What the user reads when the dates did not change here (amounts in
    /// `money`'s form).
    static func failure(_ error: BookingClientError, _ id: BookingID, money: MoneyStyle) -> CommandFailure {
        let shown = id.rawValue.terminalSafe
        switch error {
        case .unknownTrip:
            return .rejected("no trip \(shown) on this device; `booking trips` lists them")
        case .alreadyBooked(let other):
            return .rejected(
                "you already booked this room for these dates (booking \(other.rawValue.terminalSafe)): "
                    + "nothing changed. Run `booking modify \(shown)` again with --again to keep a second room")
        case .modify(.notModifiable(_, let status)):
            return .rejected(
                "booking \(shown) is \(status.rawValue) on this device; only a confirmed booking can change its dates")
        case .modify(.refused(_, "SOLD_OUT", _)):
            return .failed("no room of this type is free on the new dates for booking \(shown); nothing changed")
        case .modify(.refused(_, let code, let message)):
            return .rejected(
                "the server refused this change of booking \(shown): \(code.terminalSafe): \(message.terminalSafe); "
                    + "this request changed nothing (`booking trip \(shown)` shows the booking as the server "
                    + "has it)"
            )
        case .modify(.quoteExpired(_, let quote)):
            return .failed(
                "the quote expired before the change; the new total is \(money.text(quote.price.total)) ("
                    + differenceText(quote.difference, done: false, money: money)
                    + "); nothing changed: run the command again")
        case .modify(.notSent(_, let detail)):
            return .nothingSent(doing: "change \(shown)", detail)
        case .modify(.pending(_, let key, let detail)):
            return CommandFailure(
                .unknown,
                "the change of \(shown) is saved (key \(key.rawValue.terminalSafe)) but its outcome is not known yet "
                    + "(\(detail.terminalSafe)); run `booking reconcile` later: it is resent with the same key and "
                    + "charges or refunds at most once")
        case .storageFull:
            return .storageFull(saving: "the change of \(shown)", error)
        default:
            return CommandFailure.client(error, doing: "change \(shown)")
        }
    }
}
