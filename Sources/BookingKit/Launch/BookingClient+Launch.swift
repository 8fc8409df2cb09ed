import BookingStore

// Launch: the device's state at once, then what earlier runs left open.
extension BookingClient {
    /// At launch: shows the device's state at once, then settles what an
    /// earlier run left open for at most `configuration.launchBound`.
    ///
    /// First the latest attempt that is not final goes back to the flow
    /// from the database (no network), so `states()` and `state` show where
    /// the user was before anything is sent. Then saved cancellations are
    /// settled (each resent with its own key: a booking is refunded at most
    /// once), then every open attempt (GETs only, never a second charge),
    /// until the bound; what is not settled by then goes on in the
    /// background.
    @discardableResult
    public func launch() async -> LaunchReport {
        noteForeground()
        networkWatching.start(seams.networkWatch) { [weak self] isOnline in
            _ = await self?.networkChanged(isOnline: isOnline)
        }
        await offerRememberedGuest()
        let open: Int
        do {
            open = try await runtime.repository.nonFinalAttempts().count
        } catch {
            logger.warning("cannot read the attempts left open", error: error)
            open = 0
        }
        // The flow's read of the restored hold and the reconciliation's are one GET.
        let (restored, settling) = await sharingHoldReads { () async -> (BookingFlow.State, OpenWorkSettlement?) in
            let restored: BookingFlow.State
            do {
                restored = try await restore()
            } catch {
                logger.warning("cannot restore the last attempt", error: error)
                restored = await state
            }
            launchGate.open()
            // The switch is read beside the settling, each within its bound
            // (two seconds by default): part of the launch's work, never a
            // task left behind it (a read that outlasts its bound goes on,
            // and Pay joins it).
            guard seams.readsSwitchBesideSettling else {
                let settled = await settleOpenWork(within: configuration.launchBound)
                await readPaymentMethodsAtLaunch()
                return (restored, settled)
            }
            async let switchRead: Void = readPaymentMethodsAtLaunch()
            let settled = await settleOpenWork(within: configuration.launchBound)
            await switchRead
            return (restored, settled)
        }
        // After the settling: a hold this device let go or paid is no
        // longer listed as held elsewhere.
        let elsewhere = await heldElsewhereAtLaunch()
        guard let settled = settling else {
            logger.log(.notice, "launch reconciliation goes on past the bound", ["open": "\(open)"])
            return LaunchReport(
                state: await state, openAttempts: open, settlement: nil, cancellations: nil, heldElsewhere: elsewhere)
        }
        guard settled.attempts != nil || settled.cancellations != nil else {
            return LaunchReport(
                state: restored, openAttempts: 0, settlement: nil, cancellations: nil, heldElsewhere: elsewhere)
        }
        return LaunchReport(
            state: await state, openAttempts: open, settlement: settled.attempts, cancellations: settled.cancellations,
            heldElsewhere: elsewhere)
    }

    /// The rooms the account holds from other devices, read within the
    /// launch's bound; empty (and logged) when the server cannot say now:
    /// nothing is concluded from that.
    func heldElsewhereAtLaunch() async -> [HeldElsewhere] {
        let read = await TimeLimit.run(configuration.launchBound) {
            () async -> Result<[HeldElsewhere], BookingClientError> in
            do throws(BookingClientError) {
                return .success(try await self.holdsElsewhere())
            } catch {
                return .failure(error)
            }
        }
        switch read {
        case .success(let holds)?: return holds
        case .failure(let error)?:
            logger.warning("cannot read the rooms held on other devices", error: error)
            return []
        case nil:
            logger.log(.notice, "the rooms held on other devices were not read within the launch's bound")
            return []
        }
    }

    /// What settling the open work found: each part nil when nothing of
    /// that kind was open.
    package struct OpenWorkSettlement: Sendable {
        /// The saved cancellations' report.
        package var cancellations: CancelReport?
        /// The open attempts' report.
        package var attempts: ReconcileReport?
    }

    /// Settles what earlier runs left open, for at most `bound`: the saved
    /// cancellations first, then the open attempts. Nil when the bound
    /// passed first (the work goes on: it sends GETs, and resends a
    /// cancellation only with its own key). Quiet unless it settled
    /// something (then logged at `info`).
    package func settleOpenWork(within bound: Duration) async -> OpenWorkSettlement? {
        let (repository, logger) = (runtime.repository, self.logger)
        // Inside a launch's shared hold reads, the settling keeps them
        // shared until it ends, even past `bound` (a loaded device): its
        // read of the held attempt's hold and the restore's stay one GET.
        let leased = await repository.leaseHoldReadSharing()
        let settling = Task {
            let cancellations = await self.settleCancellations()
            // An unreadable table is reconciled all the same: its report names the error.
            let open = (try? await repository.nonFinalAttempts().count) ?? 1
            // Releases are owed with no attempt open too (Back, then the app closed).
            let owed = open > 0 ? true : await repository.owesReleases()
            let attempts = owed ? await repository.reconcile() : nil
            for message in (cancellations?.messages ?? []) + (attempts?.errorMessages ?? []) {
                logger.log(.warning, "launch reconciliation: \(message)")
            }
            if let attempts, attempts.settledAnything { logger.log(.info, "settled at launch: \(attempts)") }
            if let cancellations, cancellations.settledAnything {
                logger.log(.info, "settled at launch: \(cancellations)")
            }
            if leased { await repository.endHoldReadLease() }
            return OpenWorkSettlement(cancellations: cancellations, attempts: attempts)
        }
        // Real time: the bound is how long a launch may keep the user waiting.
        return await TimeLimit.run(bound) { await settling.value }
    }

    /// The saved cancellations, settled with the server; nil, after one
    /// read and nothing sent, when none is open.
    package func settleCancellations() async -> CancelReport? {
        let trips: TripRepository
        do {
            guard try await runtime.repository.hasOpenCancelRequests() else { return nil }
            trips = try self.trips
        } catch {
            // Left open on disk: the next launch reads them again.
            logger.warning("cannot read the open cancellations", error: error)
            return nil
        }
        return await trips.settleCancels()
    }

    /// Runs `body` (a launch's restore and settling) with its hold reads
    /// shared: the flow's read of the restored hold and the
    /// reconciliation's read of it are one `GET`, whichever asks first, its
    /// answer saved once. Reads after `body` ask the server again.
    package func sharingHoldReads<T: Sendable>(_ body: () async throws -> T) async rethrows -> T {
        let repository = runtime.repository
        await repository.shareHoldReads(true)
        do {
            let value = try await body()
            await repository.shareHoldReads(false)
            return value
        } catch {
            await repository.shareHoldReads(false)
            throw error
        }
    }

    /// Hands the latest attempt that is not final back to the flow (no
    /// network): it goes to the state its saved phase calls for and asks the
    /// server from there.
    ///
    /// - Throws: the database's error when the attempts cannot be read.
    @discardableResult
    package func restore() async throws -> BookingFlow.State {
        try await runtime.restore()
    }
}
