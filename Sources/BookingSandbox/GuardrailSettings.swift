/// The guardrail's settings (`booking sandbox --guardrail-unknown-share S
/// --guardrail-window N`): a kind is paused once more than `unknownShare` of
/// its last `window` bookings were looked up after their POST.
public struct GuardrailSettings: Equatable, Sendable {
    /// The share (more than 0, at most 1) of looked-up bookings that pauses a kind.
    public var unknownShare: Double
    /// How many of a kind's latest bookings are judged (1 ... 10,000); a kind with fewer is never paused.
    public var window: Int

    /// The settings; `validationProblem` says what is wrong with bad ones.
    public init(unknownShare: Double, window: Int) {
        self.unknownShare = unknownShare
        self.window = window
    }

    /// Why these settings cannot run, if they cannot.
    public var validationProblem: String? {
        guard unknownShare > 0, unknownShare <= 1 else { return "the guardrail's share must be above 0 and at most 1" }
        guard (1...10_000).contains(window) else { return "the guardrail's window must be 1 to 10000 bookings" }
        return nil
    }
}
