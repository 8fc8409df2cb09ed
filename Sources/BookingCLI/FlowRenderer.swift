import BookingCore
import BookingKit

/// Draws a flow state, for people and for `--json`, from the flow's outputs
/// only (title, message, banner, actions, price, countdown, navigation):
/// the CLI adds no rules of its own. Text for people is terminal-safe (a
/// voucher, a price or a link may come from the server); `--json` is exact.
package struct FlowRenderer: Sendable {
    /// The console (for styles).
    package let console: Console

    /// Creates a renderer.
    package init(console: Console) {
        self.console = console
    }

    /// The title and message on one line, styled by how the stage stands;
    /// the amounts the message names (a price that changed) in the
    /// console's money style.
    package func headline(_ state: BookingFlow.State) -> String {
        let title = console.styled(state.title.terminalSafe, style(for: state.stage))
        guard let text = state.messageText else { return title }
        let amounts = [state.stage.offer?.price.total, state.price?.total].compactMap { $0 }
        let message = console.money.text(text, amounts: amounts)
        // A message that opens with the title ("The device's storage is full: ...") says it once.
        guard !message.hasPrefix(state.title) else {
            return console.styled(state.title.terminalSafe, style(for: state.stage))
                + String(message.dropFirst(state.title.count)).terminalSafe
        }
        return "\(title): \(message.terminalSafe)"
    }

    /// Every line a screen would show: headline, banner, price, time left,
    /// where it goes, and the actions.
    package func lines(_ state: BookingFlow.State, secondsLeft: Int?) -> [String] {
        var lines = [headline(state)]
        if let banner = state.banner { lines.append("  " + console.styled(banner.terminalSafe, .yellow)) }
        if let price = state.price {
            lines.append("  price: " + Self.priceText(price, nights: state.stage.offer?.nights, money: console.money))
        }
        if let secondsLeft { lines.append("  time left: " + Self.clockText(seconds: secondsLeft)) }
        switch state.navigation {
        case .challenge(let url)?: lines.append("  bank page: \(url.terminalSafe)")
        case .trip(let id)?:
            lines.append("  trip: \(id.rawValue.terminalSafe) (booking trip \(id.rawValue.terminalSafe))")
        case .results?, nil: break
        }
        let actions = state.actions.filter { $0.action != .back }
        if !actions.isEmpty {
            let labels = actions.map { action in
                action.isEnabled
                    ? action.label.terminalSafe
                    : "\(action.label.terminalSafe) (\((action.disabledReason ?? "not now").terminalSafe))"
            }
            lines.append("  actions: " + labels.joined(separator: "; "))
        }
        return lines
    }

    /// The state as a JSON object (see the README for the fields).
    package static func json(_ state: BookingFlow.State, secondsLeft: Int?) -> JSONValue {
        let ids = Self.ids(state.stage)
        var challengeURL: String?
        if case .challenge(let url)? = state.navigation { challengeURL = url }
        return [
            "stage": .string(state.stage.name),
            "final": .bool(state.stage.isFinal),
            "title": .string(state.title),
            "message": .text(state.message),
            "banner": .text(state.banner),
            "attemptId": .text(state.stage.attemptID?.rawValue),
            "offerId": .text(ids.offer?.rawValue),
            "holdId": .text(ids.hold?.rawValue),
            "bookingId": .text(ids.booking?.rawValue),
            "voucherCode": .text(ids.voucher),
            "challengeUrl": .text(challengeURL),
            "secondsLeft": secondsLeft.map { .number($0) } ?? .null,
            "price": state.price.map(priceJSON) ?? .null,
            "pendingWork": .text(state.pendingWork?.rawValue),
            "actions": .array(
                state.actions.map { action in
                    [
                        "action": .string(action.action.rawValue), "label": .string(action.label),
                        "enabled": .bool(action.isEnabled), "disabledReason": .text(action.disabledReason),
                    ]
                }),
        ]
    }

    /// The line that says what another `booking` run did to this run's
    /// attempt.
    package static func elsewhere(_ change: ChangedElsewhere) -> String {
        guard let phase = change.phase else { return change.description }
        return "This room was paid from another `booking` run\(change.bookingID.map { " (booking \($0))" } ?? ""): "
            + "it now stands \(phase.rawValue). Run `booking status` for the details."
    }

    /// `14:59`, or `1:02:03` past an hour.
    package static func clockText(seconds: Int) -> String {
        let seconds = max(0, seconds)
        let (hours, minutes, rest) = (seconds / 3600, seconds / 60 % 60, seconds % 60)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(two(minutes)):\(two(rest))" : "\(two(minutes)):\(two(rest))"
    }

    /// `EUR 240.00 (2 nights at EUR 100.00, taxes EUR 30.00, fees EUR
    /// 10.00)`: the server's lines as sent (terminal-safe), never summed
    /// here, in `money`'s form; `nightly EUR 100.00` when the number of
    /// nights is not known (a flow restored at launch keeps no offer).
    package static func priceText(_ price: PriceBreakdown, nights: Int?, money: MoneyStyle = .neutral) -> String {
        price.text(nights: nights) { money.text($0).terminalSafe }
    }

    /// A price as JSON: each line `{amount, currency, formatted}`.
    package static func priceJSON(_ price: PriceBreakdown) -> JSONValue {
        [
            "total": moneyJSON(price.total), "nightly": moneyJSON(price.nightly), "taxes": moneyJSON(price.taxes),
            "fees": moneyJSON(price.fees),
        ]
    }

    /// Money as JSON: minor units, the currency, and the formatted text.
    package static func moneyJSON(_ money: Money) -> JSONValue {
        [
            "amount": .int(money.minorUnits), "currency": .string(money.currency.rawValue),
            "formatted": .string(money.formatted),
        ]
    }

    private func style(for stage: BookingFlow.Stage) -> Style {
        switch stage {
        case .confirmed, .held: return .green
        case .failed, .expired, .cancelled: return .red
        case .unknown, .processing, .actionRequired, .checkingHold, .priceChanged: return .yellow
        default: return .bold
        }
    }

    private static func ids(_ stage: BookingFlow.Stage)
        -> (offer: OfferID?, hold: HoldID?, booking: BookingID?, voucher: String?)
    {
        switch stage {
        case .browsing: return (nil, nil, nil, nil)
        case .offerChosen(let offer): return (offer.id, nil, nil, nil)
        case .requestingHold(let s): return (s.attempt.offerID, nil, nil, nil)
        case .held(let s): return (s.attempt.offerID, s.hold.id, nil, nil)
        case .checkingHold(let s): return (s.attempt.offerID, s.holdID, nil, nil)
        case .priceChanged(let s): return (s.previous.offerID, nil, nil, nil)
        case .submitting(let s): return (s.attempt.offerID, s.holdID, nil, nil)
        case .unknown(let s): return (s.payment.attempt.offerID, s.payment.holdID, s.payment.bookingID, nil)
        case .actionRequired(let s): return (s.payment.attempt.offerID, s.payment.holdID, s.bookingID, nil)
        case .processing(let s): return (s.payment.attempt.offerID, s.payment.holdID, s.bookingID, nil)
        case .confirmed(let s), .cancelled(let s): return (nil, nil, s.bookingID, s.voucherCode)
        case .failed(let s): return (s.attempt.offerID, nil, nil, nil)
        case .expired(let s): return (s.attempt.offerID, nil, nil, nil)
        case .notPaid(let s): return (s.attempt.offerID, nil, nil, nil)
        case .signInRequired(let s): return ids(s.interrupted)
        }
    }

    /// What to run after the server refused the API key ("Sign in again"):
    /// nothing was concluded, and the next run with a good key asks first.
    static func signInHint(_ state: BookingFlow.State) -> String? {
        guard case .signInRequired = state.stage else { return nil }
        return "The server refused the API key: nothing was concluded and nothing is sent again blindly. "
            + "Run the command again with a good key (`--api-key` or BOOKING_API_KEY): it asks the server first."
    }
}
