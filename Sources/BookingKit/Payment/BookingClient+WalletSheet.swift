import BookingCore

// Paying from a wallet's sheet (Apple Pay, Google Pay): the sheet's handler
// must answer within a deadline, while a payment may take minutes to settle.
extension BookingClient {
    /// Pays with a wallet's `token` for the sheet's handler: returns within
    /// `deadline` with what the sheet may show, while the payment goes on
    /// in the flow to its real outcome.
    ///
    /// The sheet shows success only for `.confirmed`: the server confirmed
    /// the booking. Every other result is the sheet's failure, and says what
    /// the app shows next:
    /// - `.declined`, `.failed`, `.notPaid`, `.expired`: the server said so,
    ///   or the payment certainly did not leave: nothing was charged;
    /// - `.stillBeingChecked`: the answer was lost, the server is still
    ///   processing, or `deadline` passed first (`.waitEnded`). The flow
    ///   goes on (a lost answer is looked up by its key, a processing
    ///   booking polled), never paying a second time: show its checking
    ///   screen from `states()`, and `waitForPayment()` for the outcome.
    ///
    /// ```swift
    /// func paymentAuthorizationController(_ controller: PKPaymentAuthorizationController,
    ///     didAuthorizePayment payment: PKPayment) async -> PKPaymentAuthorizationResult {
    ///     let token = PaymentToken(gatewayToken(for: payment))
    ///     let outcome = (try? await client.payFromWalletSheet(with: token, within: .seconds(20)))
    ///     return PKPaymentAuthorizationResult(outcome)  // BookingKit: success only when confirmed
    /// }
    /// ```
    ///
    /// - Throws: `BookingClientError.actionUnavailable` when `deadline` is
    ///   not more than zero, or Pay is not on screen or disabled (as
    ///   `pay(with:)`): nothing was sent; `.closed` after `close()`.
    public func payFromWalletSheet(with token: PaymentToken, within deadline: Duration) async throws(BookingClientError)
        -> PaymentResult
    {
        try checkOpen()
        guard deadline > .zero else {
            let reason = "the wallet sheet's deadline is \(deadline): nothing was sent"
            throw .actionUnavailable(.pay, stage: await state.stage.name, reason: reason)
        }
        let payment = Task { () -> Result<PaymentResult, BookingClientError> in
            do throws(BookingClientError) { return .success(try await self.pay(with: token)) } catch {
                return .failure(error)
            }
        }
        // Real time: the deadline is the sheet's, on the user's screen. Past
        // it the payment goes on in `payment`, inside the flow.
        guard let settled = await TimeLimit.run(deadline, { await payment.value }) else {
            return .stillBeingChecked(.waitEnded(await state))
        }
        return try settled.get()
    }
}

extension PaymentResult {
    /// Whether a wallet's sheet shows success for this result: only when
    /// the server confirmed the booking.
    package var walletSheetSucceeds: Bool {
        if case .confirmed = self { return true }
        return false
    }
}
