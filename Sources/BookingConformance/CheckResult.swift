/// What one check found.
public struct CheckResult: Sendable, Equatable {
    /// The verdict on a promise.
    public enum Verdict: String, Sendable, Equatable {
        /// Exercised, and every exchange kept it.
        case kept
        /// At least one exchange broke it (`failures` has the exchanges).
        case broken
        /// The server gave the kit no way to exercise it (`notes` say why);
        /// not a failure: nothing was seen either way.
        case notExercised = "not-exercised"
        /// The check could not get the server to the point it checks (a
        /// setup step failed, or the run's bounds were reached); counted as
        /// a failure, since nothing shows the promise kept.
        case incomplete
    }

    /// One broken promise and the exchanges that broke it.
    public struct Failure: Sendable, Equatable {
        /// What was expected and what came instead.
        public var message: String
        /// The exchanges, in order.
        public var exchanges: [Exchange]
    }

    /// The check.
    public var check: ConformanceCheck
    /// The verdict.
    public var verdict: Verdict
    /// What was exercised, and what could not be.
    public var notes: [String]
    /// The broken promises (empty unless `broken`).
    public var failures: [Failure]
    /// Why the check is `incomplete`, with the exchange that stopped it.
    public var stopped: Failure?
    /// The check's run time.
    public var seconds: Double
}
