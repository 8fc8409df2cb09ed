import BookingAPI
import BookingCore
import Foundation

/// The terms of cancelling as `booking offers` and `booking hold` show
/// them before paying: the library's words (`CancellationPolicy.text(at:)`),
/// and their `--json` form.
enum CancellationTerms {
    /// `Free cancellation until 18:00 on 29 Nov (Europe/Lisbon), then EUR 169.00`
    /// (the penalty written in `money`), or what to say when the server
    /// gave no terms.
    static func line(_ policy: CancellationPolicy?, money: MoneyStyle = .neutral, at now: Date = Date()) -> String {
        guard let policy else { return "Cancellation terms not given: ask before paying" }
        return money.text(policy.text(at: now), amounts: [policy.penalty]).terminalSafe
    }

    /// The terms as JSON (`null` when none): the kind, the deadline (UTC)
    /// and the hotel's time zone, the penalty, whether cancelling now is
    /// free, and the words.
    static func json(_ policy: CancellationPolicy?, at now: Date = Date()) -> JSONValue {
        guard let policy else { return .null }
        return [
            "kind": .string(policy.kind.rawValue),
            "freeUntil": .text(policy.freeUntil.map(AgeText.iso)),
            "timeZone": .string(policy.timeZone),
            "penalty": FlowRenderer.moneyJSON(policy.penalty),
            "freeNow": .bool(policy.isFree(at: now)),
            "text": .string(policy.text(at: now).defaultValue),
        ]
    }
}
