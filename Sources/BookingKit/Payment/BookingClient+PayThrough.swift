import BookingCore
import Foundation

// Paying through to an outcome: the room kept under a new attempt after a
// decline, one more payment when a hold read again is still held, and the
// bank's page presented and checked, so that an app (and the command line)
// holds none of these rules.
extension BookingClient {
    /// After a declined card, or a payment the server certainly did not
    /// take, on a hold that may still be live: the flow's "Try another
    /// card" / "Pay again" first (a new attempt and key on the same hold,
    /// read again). Returns nil when the room is held for Pay (or nothing
    /// had to be kept); the result to return when the hold ended.
    ///
    /// - Throws: `actionUnavailable(.pay, ...)` when the room could not be
    ///   kept (offline, the hold not read): nothing was sent.
    func keepTheRoomToPay() async throws(BookingClientError) -> PaymentResult? {
        let state = await runtime.flow.state
        guard state.sameHoldRetry != nil, !state.enabledActions.contains(.pay) else { return nil }
        let kept: HoldResult
        do {
            kept = try await retry()
        } catch .actionUnavailable(_, let stage, let reason) {
            throw .actionUnavailable(.pay, stage: stage, reason: reason)
        }
        switch kept {
        case .held: return nil
        case .expired: return .expired
        case .failed(let reason): return .failed(reason)
        default:
            let now = await runtime.flow.state
            throw .actionUnavailable(.pay, stage: now.stage.name, reason: "the room could not be held again to pay")
        }
    }

    /// Follows a payment's result through the bank's page: presents it
    /// (once per booking), tells the flow the user is back, and while the
    /// page's patience lasts asks again about a booking still processing.
    /// Returns the first result it cannot act on. `afterTheFlowOpens`: a
    /// page this call's payment got is presented once the flow's own
    /// effect opened it (at most `BankPage.openBound` later); a page
    /// restored from an earlier run is presented at once.
    func seeThrough(_ first: PaymentResult, bankPage: BankPage?, afterTheFlowOpens: Bool) async -> PaymentResult {
        guard let bankPage else { return first }
        var result = first
        var presented: Set<BookingID> = []
        var checksLeft = 0
        while true {
            switch result {
            case .needsBankPage(let url, let booking) where !presented.contains(booking):
                presented.insert(booking)
                if afterTheFlowOpens, let attempt = await state.stage.attemptID {
                    let pages = openedBankPages
                    _ = await TimeLimit.run(BankPage.openBound) { await pages.wait(for: attempt) }
                }
                await bankPage.present(url, booking)
                checksLeft = bankPage.checks
                // The page's answer is the server's: the flow asks for it.
                // Refused when the flow's polls settled it meanwhile.
                _ = try? await returnedFromBank(for: booking)
            case .stillBeingChecked(.stillProcessing) where checksLeft > 0:
                checksLeft -= 1
                guard (try? await dependencies.sleeper.sleep(for: BankPage.checkInterval)) != nil else {
                    return result
                }
                _ = try? await checkAgain()
            default:
                return result
            }
            guard let next = await waitForPayment() else { return result }
            result = next
        }
    }
}
