import BookingCore

extension BookingClient {
    /// Gives the flow the lead guest's details as the form holds them (`nil`
    /// clears them). Pay stays disabled, with the problem's words as its
    /// reason, until they pass `GuestDetails.problem`; `pay(with:)` then
    /// saves the trimmed details with the attempt before the payment leaves
    /// and sends them in `POST /v1/bookings`, bound to its key. A payment
    /// already under way keeps the guest saved with it.
    ///
    /// - Returns: what is wrong with the details (the field and why), or
    ///   `nil` when Pay can send them.
    @discardableResult
    public func setGuest(_ guest: GuestDetails?) async -> GuestDetails.Problem? {
        await runtime.flow.send(.guestEntered(guest))
        guard let guest else { return .missing }
        return guest.problem
    }
}

extension GuestDetails.Problem {
    /// No details at all: the name (and the email) are missing.
    package static let missing = Self(field: "name", message: BookingFlow.guestMissingReason + ".")
}
