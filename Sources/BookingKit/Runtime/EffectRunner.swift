import BookingAPI
import BookingCore
import BookingPrimitives
import BookingStore
import Foundation

/// Performs the flow's effects and turns every outcome into an event: the
/// only code on the flow's behalf that touches the network or the disk.
///
/// Effects of one transition run in order, each finishing before the next
/// starts; when a save fails, the requests after it are not sent and the
/// failure comes back as an event. Effects run in tasks the runner owns (the
/// app's scope): leaving a screen never cancels a charge.
package final class EffectRunner: Sendable {
    /// Where events produced by effects go (the flow store's `send`).
    package typealias EventSink = @Sendable (BookingFlow.Event) async -> Void
    /// Opens a 3-D Secure page (the CLI prints it; an app presents it).
    package typealias ChallengeOpener = @Sendable (AttemptID, String) async -> Void

    /// A point between effects where a process can die: before an effect
    /// starts, or after it finished and before its result is delivered.
    package struct Boundary: Hashable, Sendable, CustomStringConvertible {
        /// `before` or `after`.
        package var moment: String
        /// The effect's name (`EffectName.logName`).
        package var effect: String
        package var description: String { "\(moment) \(effect)" }
    }

    /// Asked at every boundary; `false` means the process dies there: the
    /// effect (or the delivery of its result) and everything after it never
    /// happens. For crash tests only; nil in an app.
    package typealias BoundaryHook = @Sendable (Boundary) async -> Bool

    let repository: BookingRepository
    private let boundaryHook: BoundaryHook?
    private let dependencies: Dependencies
    private let openChallenge: ChallengeOpener
    /// The repository's log handler, for effects whose failure is worked around.
    private let logger: Logger
    /// The tasks waiting to fire a later event (a hold's expiry, a later
    /// look): cancelled with the runner, so a client that is let go closes
    /// its files at once, not when its hold would have expired.
    private let timers = Locked<(next: Int, tasks: [Int: Task<Void, Never>])>((0, [:]))

    /// Creates a runner.
    ///
    /// - Parameter dependencies: its sleeper, the hold clock (read just
    ///   before a hold request leaves) and the boot clock (for a hold anchor
    ///   a later process can use).
    package init(
        repository: BookingRepository, dependencies: Dependencies,
        openChallenge: @escaping ChallengeOpener = { _, _ in },
        boundaryHook: BoundaryHook? = nil
    ) {
        self.repository = repository
        self.dependencies = dependencies
        self.openChallenge = openChallenge
        self.boundaryHook = boundaryHook
        logger = repository.logger.named("effects")
    }

    /// Runs `effects` in order, sending each resulting event to `sink`.
    package func run(_ effects: [BookingFlow.Effect], sink: @escaping EventSink) async {
        for effect in effects {
            guard await passes("before", effect) else { return }
            // Weak: a timer's task keeps neither the runner nor its files
            // (the flow that owns the runner is gone when it is).
            let deliver: EventSink = { [weak self] event in
                if let self, await passes("after", effect) { await sink(event) }
            }
            guard await perform(effect, sink: deliver) else { return }
        }
    }

    private func passes(_ moment: String, _ effect: BookingFlow.Effect) async -> Bool {
        guard let boundaryHook else { return true }
        return await boundaryHook(Boundary(moment: moment, effect: effect.logName))
    }

    /// Performs one effect; false when the effects after it must not run.
    private func perform(_ effect: BookingFlow.Effect, sink: @escaping EventSink) async -> Bool {
        switch effect {
        case .saveAttempt(let attempt), .saveAttemptOnHold(let attempt, _):
            let onHold: HoldID? = if case .saveAttemptOnHold(_, let hold) = effect { hold } else { nil }
            do {
                try await repository.save(attempt, onHold: onHold)
                // The holds it left behind were given up with it, and any
                // release still unanswered: sent now, before its own hold
                // request leaves, so a room given up is freed before the
                // next is asked for. A process that dies between (`after
                // saveAttempt`) leaves them to reconciliation.
                // So are the hold requests it abandoned before they got a
                // clear answer: asked again under their keys first, and the
                // rooms the server kept for them given up with the rest.
                let owesHoldRequests = await repository.owesHoldRequests()
                let owesReleases = await repository.hasOpenReleases()
                if owesHoldRequests || owesReleases {
                    guard await passes("after", effect) else { return false }
                    if owesHoldRequests { await repository.settleAbandonedHoldRequests() }
                    await repository.sendReleases()
                }
                return true
            } catch {
                // Not saved: the hold request after it must not leave.
                logger.error(
                    "cannot save the attempt", error: error, ["attempt": attempt.id.rawValue, "effect": effect.logName])
                let code = BookingDatabase.isStorageFull(error) ? BookingFlow.storageFullCode : "LOCAL_STORAGE_FAILED"
                await sink(.holdFailed(attempt.id, .rejected(code: code)))
                return false
            }

        case .saveAttemptStatus(let update):
            do {
                let moved = try await repository.update(update)
                if update.phase == .paymentSubmitted && !moved {
                    // Another process paid (or replaced) this attempt first:
                    // the payment is never sent from here; it is looked up.
                    let outcome = await repository.paymentNotSubmitted(update.attemptID)
                    if case .unknown = outcome {
                        await sink(.payFailed(update.attemptID, .sentElsewhere))
                    } else {
                        await sink(Self.paymentEvent(update.attemptID, outcome))
                    }
                    return false
                }
                return true
            } catch {
                logger.error(
                    "cannot save the attempt's phase", error: error,
                    ["attempt": update.attemptID.rawValue, "phase": update.phase.rawValue, "effect": effect.logName])
                if update.phase == .paymentSubmitted {
                    // Not saved as submitted: the payment must not leave.
                    await sink(
                        .payFailed(
                            update.attemptID,
                            BookingDatabase.isStorageFull(error)
                                ? .rejected(code: BookingFlow.storageFullCode) : .notSent))
                    return false
                }
                return true
            }

        case .requestHold(let attempt):
            let sentAt = dependencies.holdNow()
            let anchor = dependencies.bootReading()
            do {
                let snapshot = try await repository.requestHold(attempt.id, anchor: anchor)
                await sink(holdEvent(attempt.id, snapshot, sentAt: sentAt))
            } catch {
                await sink(
                    Self.refusesCredential(error)
                        ? .credentialRefused(attempt.id)
                        : .holdFailed(attempt.id, Self.holdFailure(error, for: attempt.id)))
            }
            return true

        case .scheduleHoldTimer(let id, let delay):
            spawn(after: delay, sink: sink) { [holdNow = dependencies.holdNow] in .holdTimerFired(id, now: holdNow()) }
            return true

        case .readHold(let id, _):
            do {
                // At launch the answer may be the reconciliation's read of this
                // hold: its countdown is measured from when that request left.
                let read = try await repository.readHoldTimed(id, anchor: dependencies.bootReading())
                if read.snapshot.state == .expired {
                    await sink(.holdReadFailed(id, .expired))
                } else if read.snapshot.state == .booked,
                    await repository.settleBookedElsewhere(id, hold: read.snapshot)
                {
                    await sink(.holdReadFailed(id, .bookedElsewhere))
                } else {
                    await sink(holdEvent(id, read.snapshot, sentAt: read.sentAt, read: true))
                }
            } catch APIError.notFound {
                await sink(.holdReadFailed(id, .expired))
            } catch APIError.final(.waitRequested(let until), _) {
                // The client's own gate: nothing was sent, the server asked to wait.
                await sink(.holdReadFailed(id, .waitRequested(until: until)))
            } catch RepositoryError.superseded {
                // Saved abandoned meanwhile. By the launch's reconciliation,
                // when another device paid the hold (the row names that
                // booking); else by a newer hold, which the flow learns from
                // the row (`ChangedElsewhere`), as before.
                let elsewhere = await repository.isBookedElsewhere(id)
                await sink(.holdReadFailed(id, elsewhere ? .bookedElsewhere : .unreachable))
            } catch {
                await sink(Self.refusesCredential(error) ? .credentialRefused(id) : .holdReadFailed(id, .unreachable))
            }
            return true

        case .pay(let request):
            let outcome = await repository.sendPayment(
                request.attemptID, token: request.token, isResend: request.isResend)
            if case .answered(let snapshot) = outcome, snapshot.state == .confirmed,
                await !repository.isSavedAsTrip(snapshot)
            {
                // Confirmed on the server, not saved here (the repository
                // logged why): never announced as a trip the device has.
                await sink(.confirmationNotSaved(request.attemptID, Booking(snapshot)))
            } else {
                await sink(Self.paymentEvent(request.attemptID, outcome))
            }
            return true

        case .lookUpAttempt(let id, _, let delay):
            let repository = self.repository
            spawn(after: delay, sink: sink) {
                do {
                    guard let booking = try await repository.lookUp(id) else { return .attemptLookedUp(id, .notFound) }
                    return .attemptLookedUp(id, .found(Booking(booking)))
                } catch {
                    return Self.refusesCredential(error) ? .credentialRefused(id) : .attemptLookedUp(id, .unreachable)
                }
            }
            return true

        case .pollBooking(let id, _, let delay):
            let repository = self.repository
            spawn(after: delay, sink: sink) {
                do {
                    return .bookingPolled(id, .found(Booking(try await repository.refresh(id))))
                } catch {
                    return Self.refusesCredential(error) ? .credentialRefused(id) : .bookingPolled(id, .unreachable)
                }
            }
            return true

        case .closeKey(let id, _):
            let closure = await repository.closeKey(id)
            await sink(closure == .credentialRefused ? .credentialRefused(id) : .keyClosed(id, closure))
            return true

        case .releaseHold(let id, let hold):
            do {
                try await repository.giveUp(hold, of: id)
            } catch {
                // Not saved: the next launch's settling gives the hold up.
                logger.error(
                    "cannot save the hold's release", error: error, ["attempt": id.rawValue, "effect": effect.logName])
                return true
            }
            // Saved, not yet sent: a process that dies here leaves the
            // release to the next hold or reconciliation. Sent in this
            // effect's task: Back has returned already.
            guard await passes("after", effect) else { return false }
            await repository.sendReleases()
            return true

        case .applyCoupon(let id, let holdID, let code):
            switch await repository.applyCoupon(code, for: id) {
            case .applied(let snapshot):
                await sink(Hold(snapshot).map { .couponApplied(id, $0) } ?? .couponRefused(id, .notSent))
            case .refused(let reason):
                await sink(.couponRefused(id, reason))
            case .credentialRefused:
                // The code leaves the applying step first: Pay never waits on it after signing in.
                await sink(.couponRefused(id, .notSent))
                await sink(.credentialRefused(id))
            case .holdEnded:
                // The hold is read again: its answer ends the attempt as the read's would.
                await sink(.couponRefused(id, .notSent))
                return await perform(.readHold(id, holdID), sink: sink)
            }
            return true

        case .abandonBooking(let id, _, let releasingHold):
            let answer = await repository.abandonChallenge(id, releasingHold: releasingHold)
            await sink(answer == .credentialRefused ? .credentialRefused(id) : .bookingAbandoned(id, answer))
            return true

        case .openChallenge(let id, let url):
            await openChallenge(id, url)
            return true

        case .saveNotPaid(let id):
            // Conditional on PAYMENT_SUBMITTED in the statement itself; a
            // failed write leaves the row for the next launch's lookup.
            do {
                _ = try await repository.concludeNotPaid(id)
            } catch {
                logger.error(
                    "cannot save the attempt as not paid", error: error,
                    ["attempt": id.rawValue, "effect": effect.logName])
            }
            return true
        }
    }

    private func holdEvent(_ id: AttemptID, _ snapshot: HoldSnapshot, sentAt: MonotonicInstant, read: Bool = false)
        -> BookingFlow.Event
    {
        guard let hold = Hold(snapshot) else { return .holdFailed(id, .rejected(code: "INVALID_RESPONSE")) }
        let receivedAt = dependencies.holdNow()
        return read
            ? .holdRead(id, hold, sentAt: sentAt, receivedAt: receivedAt)
            : .holdGranted(id, hold, sentAt: sentAt, receivedAt: receivedAt)
    }

    /// Runs `make` after `delay` in a task of its own and sends its event.
    private func spawn(
        after delay: Duration, sink: @escaping EventSink,
        _ make: @escaping @Sendable () async -> BookingFlow.Event
    ) {
        let sleeper = dependencies.sleeper
        let timers = self.timers
        timers.withLock { pending in
            let number = pending.next
            pending.next += 1
            pending.tasks[number] = Task {
                defer { _ = timers.withLock { $0.tasks.removeValue(forKey: number) } }
                do { try await sleeper.sleep(for: delay) } catch { return }
                await sink(await make())
            }
        }
    }

    deinit {
        for task in timers.withLock({ $0.tasks.values }) { task.cancel() }
    }

    static func holdFailure(_ error: any Error, for id: AttemptID) -> BookingFlow.HoldFailure {
        switch error as? APIError {
        case .userFacing(.priceChanged, let detail)?:
            if let detail, let quoteID = detail.quoteId, let price = detail.price {
                return .priceChanged(Quote(id: quoteID, price: price, quotedAt: 0))
            }
            return .rejected(code: "PRICE_CHANGED")
        case .userFacing(.soldOut, _)?: return .soldOut
        case .userFacing(_, let detail)?: return .rejected(code: detail?.code)
        case .final(.rejected(_, let code), _)?: return .rejected(code: code)
        case .invalidResponse?: return .rejected(code: "INVALID_RESPONSE")
        case .final(.waitRequested(let until), _)?: return .waitRequested(until: until)
        case .unknownOutcome?:
            // The request left and no clear answer came: the server may have
            // made the hold under the attempt's key.
            return .unknownOutcome
        case .final(.notSent, _)?, .final(.unavailable, _)?, .notFound?:
            return .unavailable
        case nil where error as? RepositoryError == .superseded(id): return .superseded
        case nil: return .rejected(code: "LOCAL_STORAGE_FAILED")
        }
    }

    static func paymentEvent(_ id: AttemptID, _ outcome: PaymentOutcome) -> BookingFlow.Event {
        switch outcome {
        case .answered(let snapshot): return .payAnswered(id, Booking(snapshot))
        case .refused(.paymentDeclined, _): return .payFailed(id, .declined)
        case .refused(.expired, _): return .payFailed(id, .holdExpired)
        case .refused(.priceChanged, _): return .payFailed(id, .rejected(code: "PRICE_CHANGED"))
        case .refused(.soldOut, _): return .payFailed(id, .rejected(code: "SOLD_OUT"))
        case .unknown: return .payFailed(id, .unknownOutcome)
        case .serverFailedTheKey: return .payFailed(id, .serverFailedTheKey)
        case .keyClosed: return .payFailed(id, .keyClosed)
        case .notSent: return .payFailed(id, .notSent)
        case .waitRequested(let until, _): return .payFailed(id, .waitRequested(until: until))
        case .rejected(let code, _): return .payFailed(id, .rejected(code: code))
        case .notPayable: return .payFailed(id, .rejected(code: "NOT_PAYABLE"))
        case .paymentMethodOff: return .payFailed(id, .rejected(code: BookingFlow.paymentMethodOffCode))
        case .superseded: return .payFailed(id, .superseded)
        case .credentialRefused: return .credentialRefused(id)
        }
    }
}
