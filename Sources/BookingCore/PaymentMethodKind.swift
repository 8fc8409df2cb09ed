/// The kinds of payment method the server's switch turns on and off, each
/// told by its token: a wallet's token starts with `tok_wallet_`, the
/// 3-D Secure path is `tok_threeDSecureRequired`, any other token is a card.
public enum PaymentMethodKind: String, CaseIterable, Hashable, Sendable, Codable, CodingKeyRepresentable {
    /// A card paid without a bank challenge (the kind every earlier client paid with).
    case card
    /// A wallet (Apple Pay, Google Pay): newer than the switch.
    case wallet
    /// A card that goes through the bank's 3-D Secure page.
    case threeDSecure

    /// The prefix of a wallet's token.
    package static let walletTokenPrefix = "tok_wallet_"

    /// The token of the 3-D Secure path.
    package static let threeDSecureToken = "tok_threeDSecureRequired"

    /// The kind `token` pays with.
    package init(token: PaymentToken) {
        if token.rawValue.hasPrefix(Self.walletTokenPrefix) {
            self = .wallet
        } else if token.rawValue == Self.threeDSecureToken {
            self = .threeDSecure
        } else {
            self = .card
        }
    }

    /// Whether a client that never read the switch pays with this kind: yes
    /// for the kinds clients paid with before the switch existed (turning
    /// them off on a missing document would stop every payment), no for a
    /// kind newer than the switch (it is switched on only by a document).
    package var isEnabledUnheard: Bool { self != .wallet }
}
