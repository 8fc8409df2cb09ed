import BookingCore

/// How a sandbox runs: where its database lives, the inventory seed, the
/// hold TTL, the idempotency-key lifetime, server-wide fault rates and the
/// clock.
public struct SandboxConfiguration: Sendable {
    /// The sandbox's SQLite file (created `0600` in a `0700` directory).
    public var databasePath: String
    /// Seeds the inventory (places, properties, rooms, rates).
    public var inventorySeed: UInt64
    /// Seeds the ids (bookings, holds, quotes, ledger entries), the vouchers
    /// and the 3-D Secure pages' tokens, so that a fresh sandbox hands out
    /// the same ones for the same sequence of requests (a deterministic
    /// simulation). Nil by default: they are random, so nobody can guess
    /// another account's booking, hold, voucher or page. Never set it for a
    /// sandbox a browser can reach.
    public var idSeed: UInt64? = nil
    /// How long a hold lasts, and how far an extension pushes it. Default 15 min.
    public var holdTTLMilliseconds: Int64
    /// How many times one hold may be extended. Default 2.
    public var maximumHoldExtensions: Int
    /// How long an idempotency key's stored result is kept; published in the
    /// `Idempotency-Key-Lifetime` header (seconds) and `GET /v1/sandbox/config`.
    /// Default 24 h.
    public var idempotencyKeyLifetimeSeconds: Int64
    /// Server-wide random faults: the probability (0...1) that each request
    /// gets each fault, drawn from `faultSeed`. Empty (no faults) by default.
    /// Sandbox routes (`/v1/sandbox/...`) never get faults.
    public var faultRates: [SandboxFault: Double]
    /// Seeds the fault draws, so a run with rates is reproducible for the
    /// same sequence of requests.
    public var faultSeed: UInt64
    /// The `Retry-After` value (seconds) of 429 and 503 answers. Default 1.
    public var retryAfterSeconds: Int
    /// The sandbox's clock. Default: the wall clock.
    public var clock: SandboxClock
    /// The payment method kinds switched off at start, each with its reason
    /// (`GET /v1/payment-methods`; `POST /v1/sandbox/payment-methods`
    /// changes them at run time). None by default.
    public var disabledPaymentMethods: [PaymentMethodKind: String] = [:]
    /// The guardrail: pause a kind when more than `unknownShare` of its last
    /// `window` bookings were looked up after their POST. Off (nil) by default.
    public var guardrail: GuardrailSettings?

    /// The reason a payment method kind switched off without one gives.
    public static let paymentMethodOffReason = "This payment method is switched off for now. Try another one."

    /// The default hold TTL: 15 minutes.
    public static let defaultHoldTTLMilliseconds: Int64 = 15 * 60 * 1000
    /// The default idempotency-key lifetime: 24 hours.
    public static let defaultIdempotencyKeyLifetimeSeconds: Int64 = 24 * 60 * 60

    /// Creates a configuration.
    public init(
        databasePath: String,
        inventorySeed: UInt64 = 1,
        holdTTLMilliseconds: Int64 = SandboxConfiguration.defaultHoldTTLMilliseconds,
        maximumHoldExtensions: Int = 2,
        idempotencyKeyLifetimeSeconds: Int64 = SandboxConfiguration.defaultIdempotencyKeyLifetimeSeconds,
        faultRates: [SandboxFault: Double] = [:],
        faultSeed: UInt64 = 0,
        retryAfterSeconds: Int = 1,
        clock: SandboxClock = .system
    ) {
        self.databasePath = databasePath
        self.inventorySeed = inventorySeed
        self.holdTTLMilliseconds = holdTTLMilliseconds
        self.maximumHoldExtensions = maximumHoldExtensions
        self.idempotencyKeyLifetimeSeconds = idempotencyKeyLifetimeSeconds
        self.faultRates = faultRates
        self.faultSeed = faultSeed
        self.retryAfterSeconds = retryAfterSeconds
        self.clock = clock
    }

    /// The database path inside a data directory: `<directory>/sandbox.sqlite`.
    public static func databasePath(inDataDirectory directory: String) -> String {
        directory.hasSuffix("/") ? directory + "sandbox.sqlite" : directory + "/sandbox.sqlite"
    }

    /// Checks the values; returns a message for the first bad one.
    public func validationProblem() -> String? {
        if databasePath.isEmpty { return "the database path is empty" }
        if holdTTLMilliseconds < 1 || holdTTLMilliseconds > 86_400_000 {
            return "the hold TTL must be 1 ms ... 24 h"
        }
        if maximumHoldExtensions < 0 || maximumHoldExtensions > 100 {
            return "the hold extension limit must be 0 ... 100"
        }
        if idempotencyKeyLifetimeSeconds < 1 || idempotencyKeyLifetimeSeconds > 30 * 86_400 {
            return "the idempotency-key lifetime must be 1 s ... 30 days"
        }
        if retryAfterSeconds < 0 || retryAfterSeconds > 3600 { return "Retry-After must be 0 ... 3600 s" }
        for (fault, rate) in faultRates where !(rate >= 0 && rate <= 1) {
            return "the rate of \(fault) must be between 0 and 1"
        }
        if let problem = guardrail?.validationProblem { return problem }
        for (kind, reason) in disabledPaymentMethods
        where reason.isEmpty || reason.count > PaymentMethodSwitch.maximumReasonLength {
            return "the reason \(kind.rawValue) is switched off for must be 1 to 200 characters"
        }
        return nil
    }
}
