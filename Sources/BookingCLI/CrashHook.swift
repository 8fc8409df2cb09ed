import BookingKit

/// The reliability engineer's crash hook: in a DEBUG build, the environment
/// variable `BOOKINGKIT_KILL_AT` names an effect boundary (an
/// effect boundary's description such as `before pay`, `after pay` or
/// `before saveAttemptStatus(PAYMENT_SUBMITTED)`), and the process kills
/// itself with SIGKILL the first time the flow reaches it; a
/// `TripChangeBoundary` name (`before cancel commit`, `after cancel commit`,
/// `after cancel POST`, `after cancel saved`) does the same for `cancel`,
/// and for `modify` (`before modify commit`, ...).
/// Release builds ignore the variable.
package enum CrashHook {
    /// The environment variable.
    package static let variable = "BOOKINGKIT_KILL_AT"

    /// The runtime's boundary hook for `environment`; nil when there is
    /// none to install (release builds, or the variable unset).
    package static func hook(environment: [String: String]) -> EffectBoundaryHook? {
        guard let kill = killer(environment: environment) else { return nil }
        return { boundary in kill(boundary.description) }
    }

    /// The boundary hook of a cancellation's or a change of dates' for
    /// `environment`; nil when there is none to install (release builds, or
    /// the variable unset).
    package static func tripChangeHook(environment: [String: String]) -> TripChangeBoundaryHook? {
        guard let kill = killer(environment: environment) else { return nil }
        return { boundary in kill(boundary.description) }
    }

    /// Kills the process when given the boundary the variable names; nil
    /// in release builds or with the variable unset.
    private static func killer(environment: [String: String]) -> (@Sendable (String) -> Bool)? {
        #if DEBUG
        guard let target = environment[variable], !target.isEmpty else { return nil }
        return { boundary in
            if boundary == target { Platform.killImmediately() }
            return true
        }
        #else
        return nil
        #endif
    }
}
