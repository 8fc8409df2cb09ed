import BookingCore
import Foundation

// A push (APNs, FCM, or the sandbox's event channel) as a hint: the server
// is asked once, and only its answer is shown.
extension BookingClient {
    /// A push notification arrived: its payload names a booking
    /// (`{"bookingId": "..."}`) or this device's attempt
    /// (`{"attemptId": "..."}`). A push is only a hint. The server is asked
    /// once, now, and what it answers is what the app shows; a status, a
    /// price or a message in the payload is never read.
    ///
    /// - A payment on this device waiting for that booking or attempt (on
    ///   the bank's page, being confirmed, or being checked after a lost
    ///   answer, on screen or in the background) is asked about at once:
    ///   its booking polled, or the payment looked up by its key. Nothing is
    ///   sent again. Its outcome follows in `states()`.
    /// - Any other booking of the account (a trip cancelled by the hotel,
    ///   new dates from the web, a booking made on another device) is read
    ///   again from the server and saved; `tripUpdates(every:)` shows it.
    ///
    /// ```swift
    /// func application(_ application: UIApplication,
    ///                  didReceiveRemoteNotification userInfo: [AnyHashable: Any]) async
    ///     -> UIBackgroundFetchResult {
    ///     guard let payload = try? JSONSerialization.data(withJSONObject: userInfo) else { return .noData }
    ///     return (try? await client.pushReceived(payload)) == nil ? .failed : .newData
    /// }
    /// ```
    ///
    /// - Returns: `.payment` with the state right after the question left,
    ///   or `.trip` with the booking as the server has it now.
    /// - Throws: `BookingClientError.pushRejected` for a payload it does not
    ///   take (empty, over 4,096 bytes, not a JSON object, neither id or
    ///   both, an attempt this device does not have); `.malformedID`;
    ///   `.unknownTrip` for a booking the server does not have for this
    ///   account (another account's: nothing is shown or saved); the
    ///   server's failures when a booking cannot be read (`.serverUnreachable`,
    ///   ...); `.dataDirectoryUnusable` when the saved attempts cannot be read;
    ///   `.signedOut` while no one is signed in.
    public func pushReceived(_ payload: Data) async throws(BookingClientError) -> OpenedLink {
        try checkSignedIn()
        let hint = try PushHint(payload)
        let named = try await guarded { client in try await client.savedAttempt(for: hint) }
        if let named, !named.phase.isFinal {
            return .payment(try await askAgain(about: named))
        }
        let booking: BookingID
        switch hint {
        case .booking(let id):
            booking = id
        case .attempt(let id):
            guard let id = named?.bookingID else {
                throw .pushRejected(reason: "no attempt \(id.rawValue) on this device has a booking")
            }
            booking = id
        }
        guard let fetched = try await guarded({ try await $0.trips.fetch(booking) }) else {
            throw .unknownTrip(booking)
        }
        return .trip(Trip(fetched))
    }

    /// The saved attempt `hint` names: by id, or the open attempt whose
    /// payment made that booking (the latest attempt with it otherwise).
    private func savedAttempt(for hint: PushHint) async throws -> SavedAttempt? {
        switch hint {
        case .attempt(let id):
            guard let saved = try await runtime.repository.attempt(id) else {
                throw BookingClientError.pushRejected(reason: "no attempt \(id.rawValue) on this device")
            }
            return saved
        case .booking(let id):
            return try await runtime.repository.nonFinalAttempts().last { $0.bookingID == id }
        }
    }

    /// Asks the server about the open attempt `named` once: in the flow when
    /// the flow has it (on screen or in the background) or nothing else is
    /// on screen; otherwise by settling the open attempts as a launch does.
    private func askAgain(about named: SavedAttempt) async throws(BookingClientError) -> BookingFlow.State {
        let current = await state
        let inFlow =
            current.stage.attemptID == named.attemptID
            || current.paymentBeingChecked?.attemptID == named.attemptID
        if !inFlow {
            guard case .browsing = current.stage, current.paymentBeingChecked == nil else {
                _ = await runtime.repository.reconcile()
                return await state
            }
            _ = try await guarded { client in try await client.restore() }
        }
        return await runtime.flow.send(.pushReceived(named.attemptID))
    }
}
