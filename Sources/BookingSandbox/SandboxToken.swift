/// The sandbox's test payment tokens, like a card processor's test mode.
enum SandboxToken: String, CaseIterable, Sendable {
    /// Succeeds: the booking is `CONFIRMED` at once.
    case visa = "tok_visa"
    /// Declined: the booking is `FAILED` (`card_declined`, decline code `generic_decline`).
    case chargeDeclined = "tok_chargeDeclined"
    /// Needs 3-D Secure: `ACTION_REQUIRED` with `nextAction`, until the challenge is completed.
    case threeDSecureRequired = "tok_threeDSecureRequired"
    /// Fails in processing: `PROCESSING`, then `FAILED` (`processing_error`) on the next read.
    case processingError = "tok_processingError"
    /// A wallet (kind `wallet`): succeeds like `visa`.
    case walletVisa = "tok_wallet_visa"
}
