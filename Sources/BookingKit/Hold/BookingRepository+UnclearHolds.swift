import BookingAPI
import BookingCore
import BookingStore
import Foundation

// Hold requests that left without a clear answer: asked again under the
// attempt's own key, never concluded "not held" from silence.
extension BookingRepository {
    /// Settles an attempt still `HOLD_REQUESTED` after its request's
    /// in-flight grace: its hold request left and no clear answer came (a
    /// lost answer, a gateway's 503 after the server ran it, a process that
    /// died), so the server may keep a room under its key.
    ///
    /// The same request is sent again with the same key and body: the
    /// server replays a hold it made (or makes it now, or answers its own
    /// refusal). A hold it has is given up (a release saved, then the
    /// attempt abandoned: nobody is paying it), so no room is kept for a
    /// flow that ended; a refusal ends the attempt `EXPIRED` as before; no
    /// clear answer again leaves it for the next run.
    func settleUnclearHold(_ record: SavedAttempt) async -> AttemptSettlement {
        let hold: HoldSnapshot
        do {
            hold = try await api.createHold(offer: record.offerID, quote: record.quoteID, key: record.idempotencyKey)
        } catch .final(.rejected(401, _), _) {
            return .error("attempt \(record.attemptID): the server no longer accepts the sign-in")
        } catch .userFacing, .final(.rejected, _) {
            // The server's own word: no hold under this key.
            return finish(record, .expired)
        } catch {
            return .error("attempt \(record.attemptID): the hold was asked for again without a clear answer: \(error)")
        }
        do {
            // The release is saved first: a process that dies between the
            // two leaves the row to be asked again, and the server replays
            // the same hold, whose release is saved once.
            if hold.state != .expired { _ = try giveUp(hold.holdId, of: record.attemptID) }
            guard try store.attempts.abandon(id: record.attemptID, at: now()) else { return .pending }
        } catch {
            return .error("attempt \(record.attemptID): cannot save the hold asked for again: \(error)")
        }
        return .expired
    }

    /// Whether a new hold abandoned attempts whose hold request had no clear
    /// answer, still to be asked again (`settleAbandonedHoldRequests`).
    package func owesHoldRequests() -> Bool { !abandonedHoldRequests.isEmpty }

    /// Asks again, under its own key, each hold request a new hold abandoned
    /// before it got a clear answer, and saves the release of any room the
    /// server kept for it (sent with the other releases). Kept in memory
    /// only: a process that dies first leaves such a room to run out on the
    /// server, as a hold does (no money moves).
    package func settleAbandonedHoldRequests() async {
        let requests = abandonedHoldRequests
        abandonedHoldRequests = []
        for record in requests {
            do {
                let hold = try await api.createHold(
                    offer: record.offerID, quote: record.quoteID, key: record.idempotencyKey)
                if hold.state != .expired { _ = try giveUp(hold.holdId, of: record.attemptID) }
            } catch {
                logger.warning(
                    "a hold request abandoned without an answer was asked again without one", error: error,
                    ["attempt": record.attemptID.rawValue])
            }
        }
    }
}
