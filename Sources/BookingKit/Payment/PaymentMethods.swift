import Foundation

/// What this client knows of the server's payment-method switch (`GET
/// /v1/payment-methods`): which kinds are off, each with the reason the
/// screen shows, and how old that knowledge is.
///
/// A kind the server's document does not name, or every kind when no
/// document was ever read, takes its never-heard default
/// (`readAt` is nil): cards and 3-D Secure on (an
/// unread switch must not stop every payment clients made before it
/// existed), wallets off (a kind newer than the switch is on only once a
/// server said so).
public struct PaymentMethods: Sendable, Equatable {
    /// Where the value comes from.
    package enum Source: String, Sendable, Equatable {
        /// Read from the server in this process.
        case server
        /// Saved by an earlier read (the server could not be read since).
        case saved
        /// No document was ever read: the never-heard defaults.
        case neverHeard
    }

    /// The kinds off, with the reason the screen shows.
    public let off: [PaymentMethodKind: String]
    /// Where the value comes from.
    package let source: Source
    /// When this client first read the value (nil: never heard).
    public let readAt: Date?
    /// When the switch last changed on the server (nil: never heard).
    package let changedAt: Date?

    /// The reason a kind switched off without one shows.
    package static let switchedOffReason = "This payment method is switched off for now. Try another one."
    /// The reason a kind newer than the switch shows before any document said it is on.
    package static let notYetReason = "This payment method is not available yet. Try another one."

    /// The never-heard defaults.
    package static let neverHeard = PaymentMethods(
        off: Dictionary(
            uniqueKeysWithValues: PaymentMethodKind.allCases.filter { !$0.isEnabledUnheard }.map { ($0, notYetReason) }),
        source: .neverHeard, readAt: nil, changedAt: nil)

    /// A value.
    package init(off: [PaymentMethodKind: String], source: Source, readAt: Date?, changedAt: Date?) {
        self.off = off
        self.source = source
        self.readAt = readAt
        self.changedAt = changedAt
    }

    /// The value a document gives: the kinds it names as it says, the
    /// others at their never-heard defaults.
    init(
        named: Set<PaymentMethodKind>, off reasons: [PaymentMethodKind: String?], source: Source, readAt: Date,
        changedAt: Date
    ) {
        var off: [PaymentMethodKind: String] = [:]
        for kind in PaymentMethodKind.allCases {
            if named.contains(kind) {
                if let reason = reasons[kind] { off[kind] = reason ?? Self.switchedOffReason }
            } else if !kind.isEnabledUnheard {
                off[kind] = Self.notYetReason
            }
        }
        self.init(off: off, source: source, readAt: readAt, changedAt: changedAt)
    }

    /// Why `kind` is off, or nil when it takes payments.
    package func reason(_ kind: PaymentMethodKind) -> String? { off[kind] }

    /// How old the value is at `now`, from when this client first read it (nil: never heard).
    package func age(at now: Date) -> TimeInterval? { readAt.map { max(0, now.timeIntervalSince($0)) } }

    /// The same kinds off with the same reasons (the times aside).
    func sameSwitch(as other: PaymentMethods) -> Bool { off == other.off }
}
