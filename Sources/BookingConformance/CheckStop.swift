/// Ends a check early: a setup step the check needs did not answer as the
/// contract says, or the run's bounds were reached.
struct CheckStop: Error, Sendable {
    var message: String
    var exchanges: [Exchange]
}
