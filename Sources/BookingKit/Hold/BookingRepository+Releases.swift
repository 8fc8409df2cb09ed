import BookingAPI
import BookingCore
import BookingStore
import Foundation

// Giving holds up: a hold the client will not pay is released on the
// server, by a request saved before it is sent and resent until answered.
extension BookingRepository {
    /// Saves the release of `hold`, given up by `attempt` (Back, a declined
    /// attempt left), when no attempt on this device uses it any more.
    /// Durable on return; `sendReleases()` sends it. Returns the request, or
    /// nil when an attempt still uses the hold (nothing saved).
    @discardableResult
    package func giveUp(_ hold: HoldID, of attempt: AttemptID) throws -> HoldRelease? {
        try store.releases.save(hold: hold, attempt: attempt, at: now())
    }

    /// Sends every open release, one after the other, in the caller's task
    /// (the effect runner's, never the user's: Back returns before it
    /// runs). Returns how each ended this time; the ones not answered stay
    /// open and are sent again by the next hold, reconciliation or launch.
    @discardableResult
    package func sendReleases() async -> [HoldRelease.Status] {
        await sendOpenReleases()
    }

    /// Returns once the release of `hold` this process is sending, if any,
    /// has its answer (or its tries ran out).
    package func releaseSettled(_ hold: HoldID) async {
        guard releasesInFlight.contains(hold) else { return }
        await withCheckedContinuation { waiter in releaseWaiters[hold, default: []].append(waiter) }
    }

    /// Whether a release is saved and not yet answered.
    package func hasOpenReleases() -> Bool {
        (try? !store.releases.allOpen().isEmpty) ?? false
    }

    /// Whether the device owes the server a release: one saved and not yet
    /// answered, or a hold let go without one (saved now, as
    /// `settleReleases` would). A launch with no attempt open still
    /// reconciles when this says so, so a room given up is freed by the
    /// next launch, not left to run out. A file it cannot read says yes
    /// (reconciliation then reports the error).
    package func owesReleases() -> Bool {
        do {
            _ = try store.releases.saveForgotten(
                since: now().addingTimeInterval(-BookingDatabase.releaseHorizon), at: now())
            return try !store.releases.allOpen().isEmpty
        } catch {
            logger.error("cannot read the releases owed", error: error)
            return true
        }
    }

    /// Saves the releases the device owes (holds it let go without one,
    /// as after a crash between the two saves) and sends every open one,
    /// waiting for the answers: what reconciliation does. Returns how each
    /// open release ended this time.
    package func settleReleases() async -> [HoldRelease.Status] {
        do {
            _ = try store.releases.saveForgotten(
                since: now().addingTimeInterval(-BookingDatabase.releaseHorizon), at: now())
        } catch {
            logger.error("cannot save the releases of the holds let go", error: error)
        }
        return await sendOpenReleases()
    }

    /// Sends each open release once; the ones not answered stay open.
    private func sendOpenReleases() async -> [HoldRelease.Status] {
        let open: [HoldRelease]
        do {
            open = try store.releases.allOpen()
        } catch {
            logger.error("cannot read the releases to send", error: error)
            return []
        }
        var statuses: [HoldRelease.Status] = []
        for request in open {
            statuses.append(await send(request))
        }
        return statuses
    }

    /// Sends one release and saves the answer where it arrives. A key the
    /// server spent (it replayed a failure stored for it, and never runs it
    /// again) is renewed and the release sent once more under the new key:
    /// a release can always finish.
    ///
    /// So is a key answered 409 `HOLD_ALREADY_BOOKED`. Every device sends
    /// one key per hold, so that answer may be the one the server stored
    /// when another device sent the key while a payment used the hold, a
    /// payment that may have ended since. A 409 under the new key is the
    /// server's word now: the release is refused.
    private func send(_ request: HoldRelease, renewing: Bool = true) async -> HoldRelease.Status {
        let hold = request.holdID
        // Already being sent from this process: that call settles it.
        guard releasesInFlight.insert(hold).inserted else { return .open }
        defer {
            releasesInFlight.remove(hold)
            for waiter in releaseWaiters.removeValue(forKey: hold) ?? [] { waiter.resume() }
        }
        do {
            if try store.releases.isInUse(hold) {
                // Paid again here since it was given up: never sent.
                try store.releases.finish(hold, as: .refused, reason: HoldRelease.inUseOnDevice, at: now())
                return .refused
            }
        } catch {
            logger.error("cannot check the hold to release", error: error, ["hold": hold.rawValue])
            return .open
        }
        let status: HoldRelease.Status
        var reason: String?
        do throws(APIError) {
            _ = try await api.releaseHold(hold, key: request.idempotencyKey)
            status = .released
        } catch {
            switch error {
            case .userFacing(.expired, _):
                status = .released  // it had ended
            case .final(.rejected(status: 401, _), _):
                // The credential, not the release: kept open, sent again
                // with the next credential.
                logger.warning(
                    "a hold's release was refused for its credential; it is sent again later", error: error,
                    ["hold": hold.rawValue])
                return .open
            case .final(.rejected(let code, let server), _)
            where renewing && (code >= 500 || (code == 409 && server == BookingFlow.holdAlreadyBookedCode)):
                releasesInFlight.remove(hold)
                guard let renewed = renewKey(of: request) else { return .open }
                return await send(renewed, renewing: false)
            case .final(.rejected(let code, let server), _) where (400...499).contains(code):
                status = .refused
                reason = server ?? "HTTP \(code)"
            default:
                logger.warning(
                    "a hold's release got no answer; it is sent again later", error: error, ["hold": hold.rawValue])
                return .open
            }
        }
        do {
            try store.releases.finish(hold, as: status, reason: reason, at: now())
        } catch {
            logger.error("cannot save the release's answer; it is sent again", error: error, ["hold": hold.rawValue])
        }
        return status
    }

    /// The release of `request`'s hold under a new key, saved before it is
    /// sent; nil when it cannot be saved or another process renewed it first
    /// (its key is sent next time).
    private func renewKey(of request: HoldRelease) -> HoldRelease? {
        let key = IdempotencyKey("release-\(request.holdID.rawValue)-\(makeUUID().uuidString.lowercased())")
        do {
            guard try store.releases.renew(request.holdID, spent: request.idempotencyKey, as: key, at: now()) else {
                return nil
            }
            return try store.releases.release(of: request.holdID)
        } catch {
            logger.error("cannot renew a release's spent key", error: error, ["hold": request.holdID.rawValue])
            return nil
        }
    }
}
