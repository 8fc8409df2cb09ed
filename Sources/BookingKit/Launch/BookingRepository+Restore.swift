import BookingCore
import BookingStore
import Foundation

// What a launch puts back on screen.
extension BookingRepository {
    /// How long after a payment certainly not made its room is still
    /// offered at launch: holds last minutes (fifteen on the sandbox), and
    /// the hold is read again before any payment, so one that ended says so.
    static let notPaidRestoreWindow: TimeInterval = 3600

    /// The attempt a launch restores: the latest that is not final; else the
    /// latest attempt when it ended certainly not paid with its room kept
    /// (`FAILED`: a closed key or a payment that never ran, with no booking
    /// behind it; or a booking the server ended unpaid, such as a bank page
    /// left for another card) and that room neither given up nor replaced
    /// since. A process killed right after closing the key, or after leaving
    /// the bank's page, died before it could offer to pay again: the next
    /// launch offers it ("Pay again" or "Try another card", the same hold,
    /// read again, under a new attempt and key). The store keeps the latest
    /// attempt's hold for exactly this (`saveForgotten`).
    package func attemptToRestore() throws -> SavedAttempt? {
        if let open = try store.attempts.nonFinal().last { return open }
        guard let latest = try store.attempts.latest(), latest.phase == .failed,
            let hold = latest.holdID, try store.releases.release(of: hold) == nil,
            now().timeIntervalSince(latest.updatedAt) < Self.notPaidRestoreWindow
        else { return nil }
        return latest
    }
}
