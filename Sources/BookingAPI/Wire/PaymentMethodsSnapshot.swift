import BookingCore

/// The server's payment-method switch (`GET /v1/payment-methods`), decoded
/// strictly: its origin, when it last changed, and each kind this client
/// knows with whether it is enabled and why not. A kind this client does
/// not know is ignored; a kind named twice, a reason over 200 characters,
/// or a time that does not parse makes the whole document unreadable (the
/// last good value holds).
package struct PaymentMethodsSnapshot: Decodable, Hashable, Sendable {
    /// The origin the server says it is (`scheme://host[:port]`).
    package let origin: String
    /// When the switch last changed, in milliseconds since 1970.
    package let changedAtMilliseconds: Int64
    /// The kinds switched off, each with the server's reason (nil when it gave none).
    package let off: [PaymentMethodKind: String?]
    /// The kinds the document names (enabled or not).
    package let named: Set<PaymentMethodKind>

    /// The longest reason believed, in characters.
    package static let longestReason = 200

    /// A snapshot (tests, and the value read back from the cache).
    package init(
        origin: String, changedAtMilliseconds: Int64, off: [PaymentMethodKind: String?], named: Set<PaymentMethodKind>
    ) {
        self.origin = origin
        self.changedAtMilliseconds = changedAtMilliseconds
        self.off = off
        self.named = named.union(off.keys)
    }

    private enum CodingKeys: String, CodingKey {
        case origin, changedAt, methods
    }

    private struct Method: Decodable {
        let kind: String
        let enabled: Bool
        let reason: String?
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        origin = try container.decode(String.self, forKey: .origin)
        let changedAt = try container.decode(String.self, forKey: .changedAt)
        guard let changed = Timestamp.unixMilliseconds(changedAt) else {
            throw DecodingError.dataCorruptedError(
                forKey: .changedAt, in: container, debugDescription: "not a timestamp: \(changedAt.prefix(40))")
        }
        changedAtMilliseconds = changed
        var off: [PaymentMethodKind: String?] = [:]
        var seen: Set<String> = []
        for method in try container.decode([Method].self, forKey: .methods) {
            guard seen.insert(method.kind).inserted else {
                throw DecodingError.dataCorruptedError(
                    forKey: .methods, in: container,
                    debugDescription: "the kind \(method.kind.prefix(40)) appears twice")
            }
            if let reason = method.reason, reason.isEmpty || reason.count > Self.longestReason {
                throw DecodingError.dataCorruptedError(
                    forKey: .methods, in: container,
                    debugDescription: "a reason must be 1 to \(Self.longestReason) characters")
            }
            guard let kind = PaymentMethodKind(rawValue: method.kind) else { continue }  // newer than this client
            if !method.enabled { off[kind] = .some(method.reason) }
        }
        self.off = off
        named = Set(seen.compactMap(PaymentMethodKind.init(rawValue:)))
    }
}
