import BookingCore
import Foundation

/// What a bug report removes before anything is written: payment tokens,
/// voucher codes, card-like numbers, and the secrets the maker names.
/// Applied to each entry as it is bundled and once more to the whole JSON
/// (`scrubbing(json:)`), so a field added later is covered too.
struct BugReportRedaction {
    /// The API key, bearer token and the like, removed wherever they appear.
    let secrets: [String]

    init(secrets: [String]) {
        self.secrets = secrets.filter { $0.count >= 4 }
    }

    /// The entry with its payment token and voucher codes removed.
    func redacting(_ entry: EventLog.Entry) -> EventLog.Entry {
        var entry = entry
        entry.event = BookingFlow.loggable(entry.event)
        return entry
    }

    /// The attempt's row, column by column.
    func row(of saved: SavedAttempt) -> [String: String] {
        var row = [
            "attemptId": saved.attemptID.rawValue, "idempotencyKey": saved.idempotencyKey.rawValue,
            "offerId": saved.offerID.rawValue, "quoteId": saved.quoteID.rawValue, "phase": saved.phase.rawValue,
            "version": "\(saved.version)", "createdAt": "\(saved.createdAtMilliseconds)",
            "updatedAt": "\(saved.updatedAtMilliseconds)",
        ]
        row["holdId"] = saved.holdID?.rawValue
        row["bookingId"] = saved.bookingID?.rawValue
        row["holdAnchor"] = saved.holdAnchor
        return row.mapValues(text)
    }

    /// `value` without card-like numbers or secrets.
    func text(_ value: String) -> String {
        var clean = Redaction.removingCardNumbers(value)
        for secret in secrets { clean = clean.replacingOccurrences(of: secret, with: Redaction.placeholder) }
        return clean
    }

    /// The JSON with every string scrubbed (`text`), and the value of every
    /// `voucherCode` and `token` key replaced; nil for bytes that are not JSON.
    func scrubbing(json: Data) -> Data? {
        func clean(_ value: Any, key: String?) -> Any {
            switch value {
            case let string as String:
                return key == "voucherCode" || key == "token" ? Redaction.placeholder : text(string)
            case let array as [Any]:
                return array.map { clean($0, key: key) }
            case let object as [String: Any]:
                var out: [String: Any] = [:]
                for (name, inner) in object { out[text(name)] = clean(inner, key: name) }
                return out
            default:
                return value
            }
        }
        guard let object = try? JSONSerialization.jsonObject(with: json) else { return nil }
        return try? JSONSerialization.data(
            withJSONObject: clean(object, key: nil), options: [.sortedKeys, .prettyPrinted])
    }
}
