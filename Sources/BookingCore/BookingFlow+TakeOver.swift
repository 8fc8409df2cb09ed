// A room the account holds from another device, paid here.
extension BookingFlow {
    /// "Pay it here" on a hold made on another device of the account: a new
    /// attempt (its own id and key) is saved on that hold, then the hold is
    /// read for its time left (the countdown comes from that answer, never
    /// from the list it was shown in); held, it is paid like any room.
    ///
    /// Taken from any screen where nothing is being asked for or paid in
    /// this flow: the results, a chosen offer, a held room (given up for
    /// this one, as a new hold would be), a settled or failed attempt. Nil
    /// (nothing saved or sent) while a hold or payment request of this flow
    /// is out, offline, or when a payment for the same offer is being
    /// checked (its answer comes first).
    static func takeOver(_ state: State, _ attempt: Attempt, hold: HoldID) -> (stage: Stage, effects: [Effect])? {
        guard state.isOnline, !state.isBeingPaid(attempt.offerID) else { return nil }
        switch state.stage {
        case .browsing, .offerChosen, .held, .checkingHold, .priceChanged, .confirmed, .cancelled, .failed, .expired,
            .notPaid:
            break
        case .requestingHold, .submitting, .unknown, .actionRequired, .processing, .signInRequired:
            return nil
        }
        let checking = CheckingHold(attempt: attempt, offer: nil, holdID: hold, readPending: true, isTimeUnknown: true)
        return (.checkingHold(checking), [.saveAttemptOnHold(attempt, hold), .readHold(attempt.id, hold)])
    }
}
