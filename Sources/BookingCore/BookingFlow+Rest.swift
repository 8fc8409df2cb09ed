// When a screen may stop waiting: the two conditions every caller that
// follows the flow (an app's `outcome`, the command line, the simulation)
// waits on, defined once.
extension BookingFlow.State {
    /// Whether the flow waits for nothing but the user or the hold's
    /// countdown: a settled stage, a room held, or a check that gave up.
    public var isAtRest: Bool { !showsProgress }

    /// Whether a restored flow has heard from the server: it is at rest, or
    /// its payment lookup or booking poll was answered at least once (the
    /// back-off that follows can take minutes, and the screen already says
    /// where the payment stands).
    package var hasHeardBack: Bool {
        switch stage {
        case .unknown(let stage): return stage.checks > 0 || !stage.checkPending
        case .processing(let stage): return stage.polls > 0 || !stage.pollPending
        default: return isAtRest
        }
    }

    /// Whole seconds left on the hold's countdown at `now` (rounded up, see
    /// `HoldCountdown.secondsLeft(at:)`); nil when nothing is held.
    package func secondsLeft(at now: MonotonicInstant) -> Int? {
        countdown?.secondsLeft(at: now)
    }
}
