import BookingCore

extension BookingClient {
    /// Gives the flow the lead guest's details as the form holds them (`nil`
    /// clears them). Pay stays disabled, with the problem's words as its
    /// reason, until they pass `GuestDetails.problem`; `pay(with:)` then
    /// saves the trimmed details with the attempt before the payment leaves
    /// and sends them in `POST /v1/bookings`, bound to its key. A payment
    /// already under way keeps the guest saved with it.
    ///
    /// Valid details are also kept in the cache for the next launch's form
    /// (`launch()` gives them to the flow when none were given yet);
    /// `signOut()` forgets them.
    ///
    /// - Returns: what is wrong with the details (the field and why), or
    ///   `nil` when Pay can send them.
    @discardableResult
    public func setGuest(_ guest: GuestDetails?) async -> GuestDetails.Problem? {
        await runtime.flow.send(.guestEntered(guest))
        guard let guest else { return .missing }
        guard let problem = guest.problem else {
            do {
                try runtime.cache?.recovering { try $0.lastGuest.save(guest.trimmed) }
            } catch {
                logger.warning("cannot keep the guest for the next launch", error: error)
            }
            return nil
        }
        return problem
    }

    /// At launch: the guest kept from an earlier run, given to the flow
    /// unless details were given already.
    func offerRememberedGuest() async {
        guard await state.guest == nil else { return }
        let kept: GuestDetails?
        do {
            kept = try runtime.cache?.recovering { try $0.lastGuest.load() } ?? nil
        } catch {
            logger.warning("cannot read the guest kept for this launch", error: error)
            return
        }
        if let kept { await runtime.flow.send(.guestEntered(kept)) }
    }
}

extension GuestDetails.Problem {
    /// No details at all: the name (and the email) are missing.
    package static let missing = Self(field: "name", message: BookingFlow.guestMissingReason + ".")
}
