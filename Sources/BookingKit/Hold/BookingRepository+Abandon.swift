import BookingAPI
import BookingCore
import BookingStore
import Foundation

// Leaving a pending 3-D Secure challenge: a request saved before it is
// sent, sent again until answered; the booking it answers is saved here,
// where it arrives.
extension BookingRepository {
    /// Saves the leaving of the attempt's pending booking, sends it, and
    /// saves the booking it answers (`FAILED`: the attempt ends unpaid, its
    /// hold free). With `releasingHold` (the user went back), the hold is
    /// then given up too. Never ends the attempt without the server's
    /// answer: no answer leaves the request open for reconciliation.
    package func abandonChallenge(_ id: AttemptID, releasingHold: Bool) async -> BookingFlow.AbandonAnswer {
        let request: AbandonRequest
        do {
            let record = try saved(id)
            guard let bookingID = record.bookingID,
                let saved = try store.abandons.save(
                    AbandonRequest(bookingID: bookingID, attemptID: id, releasesHold: releasingHold, createdAt: now()))
            else { return .unreachable }
            request = saved
        } catch {
            logger.error("cannot save the leaving of the bank's page", error: error, ["attempt": id.rawValue])
            return .unreachable
        }
        guard request.status == .open else { return await concluded(request) }
        return await send(request)
    }

    /// A leaving the server already answered (its request finished): never
    /// sent again under its key (a final answer is final); the booking is
    /// read instead and decides.
    private func concluded(_ request: AbandonRequest) async -> BookingFlow.AbandonAnswer {
        guard let booking = try? await refresh(request.attemptID) else { return .unreachable }
        return request.status == .abandoned ? .abandoned(Booking(booking)) : .passed(Booking(booking))
    }

    /// Settles every open leaving: what reconciliation does first. Each
    /// booking is read first, and the leaving is sent again only while the
    /// booking still waits at the bank: one that has moved on (the bank
    /// passed it, or an earlier send ended it and its answer could not be
    /// saved) finishes the request from the read, so a final answer is
    /// never asked for again. A booking that cannot be read leaves the
    /// request open for the next time. Returns how many ended their
    /// booking now.
    package func settleAbandons() async -> Int {
        let open = (try? store.abandons.allOpen()) ?? []
        var ended = 0
        for request in open {
            guard let booking = try? await api.booking(request.bookingID) else { continue }
            let answer =
                booking.state == .actionRequired ? await send(request) : await finish(request, from: booking)
            if case .abandoned = answer { ended += 1 }
        }
        return ended
    }

    /// An open leaving whose booking no longer waits at the bank, finished
    /// from `booking` as read: ended unpaid by the leaving (`abandoned`), or
    /// passed or ended otherwise (refused with the booking's state). Nothing
    /// is sent but the hold's release the leaving asked for.
    private func finish(_ request: AbandonRequest, from booking: BookingSnapshot) async -> BookingFlow.AbandonAnswer {
        let abandoned = booking.state == .failed && booking.failure?.code == Booking.abandonedCode
        do {
            _ = try apply(booking, to: request.attemptID)
            try store.abandons.finish(
                request.bookingID, as: abandoned ? .abandoned : .refused,
                reason: abandoned ? nil : booking.state.rawValue, at: now())
        } catch {
            logger.error(
                "cannot save the booking read for a leaving", error: error, ["attempt": request.attemptID.rawValue])
            return .unreachable
        }
        guard abandoned else { return .passed(Booking(booking)) }
        await releaseIfAsked(request)
        return .abandoned(Booking(booking))
    }

    private func send(_ request: AbandonRequest) async -> BookingFlow.AbandonAnswer {
        let id = request.attemptID
        let snapshot: BookingSnapshot
        do throws(APIError) {
            snapshot = try await api.abandonBooking(request.bookingID, key: request.idempotencyKey)
        } catch {
            switch error {
            case .final(.rejected(status: 401, _), _):
                // The credential, not the leaving: kept open, sent again
                // once the user signed in (or by reconciliation).
                return .credentialRefused
            case .final(.rejected(409, let code?), _):
                // The bank passed it first: the booking decides.
                _ = try? store.abandons.finish(request.bookingID, as: .refused, reason: code, at: now())
                guard let booking = try? await refresh(id) else { return .unreachable }
                return .passed(Booking(booking))
            case .final(.rejected(let status, let code), _) where (400...499).contains(status):
                _ = try? store.abandons.finish(
                    request.bookingID, as: .refused, reason: code ?? "HTTP \(status)", at: now())
                return .unreachable
            default:
                return .unreachable
            }
        }
        do {
            _ = try apply(snapshot, to: id)
            try store.abandons.finish(request.bookingID, as: .abandoned, at: now())
        } catch {
            logger.error("cannot save the booking left", error: error, ["attempt": id.rawValue])
            return .unreachable
        }
        await releaseIfAsked(request)
        return .abandoned(Booking(snapshot))
    }

    /// Gives up the hold of a leaving that asked for it (the user went
    /// back), once its booking ended unpaid.
    private func releaseIfAsked(_ request: AbandonRequest) async {
        let id = request.attemptID
        guard request.releasesHold, let hold = (try? saved(id))?.holdID else { return }
        do {
            try giveUp(hold, of: id)
            await sendReleases()
        } catch {
            logger.error("cannot save the release of the hold left", error: error, ["attempt": id.rawValue])
        }
    }
}
