import BookingCore

// Back in the foreground after a long gap: what may have moved meanwhile
// (a trip cancelled on the web, prices) is read again, behind the screen.
extension BookingClient {
    /// Notes the app in the foreground now (at launch).
    func noteForeground() {
        let now = dependencies.holdNow()
        lastForeground.withLock { $0 = now }
    }

    /// Back in the foreground: when the app was away for at least
    /// `Configuration.foregroundRefreshAfter` (on the hold clock, which
    /// counts through sleep), the trips are synced and the newest saved
    /// search's first page read again, in the background; either failing
    /// (offline) leaves the device's copies, and the pages say their prices
    /// may have changed. Nothing is read after a short gap, or before the
    /// first launch.
    func refreshAfterAGap() async {
        let now = dependencies.holdNow()
        let last = lastForeground.withLock { last in
            defer { last = now }
            return last
        }
        guard let last, last.duration(to: now) >= configuration.foregroundRefreshAfter else { return }
        let (search, logger) = (search, logger)
        await seams.startBackground { [weak self] in
            do {
                _ = try await self?.syncTrips()
            } catch {
                logger.log(.notice, "back after a long gap: the trips were not read again", error: error)
            }
            do {
                guard let newest = try await search.savedSearches(limit: 1).first else { return }
                _ = try await search.offers(newest.query, pageIndex: 0, refresh: true)
            } catch {
                logger.log(.notice, "back after a long gap: the saved search was not read again", error: error)
            }
        }
    }
}
