/// Collects one check's findings while it runs: failures with their
/// exchanges, notes, and whether anything was exercised.
struct CheckRecorder: Sendable {
    let check: ConformanceCheck
    private(set) var notes: [String] = []
    private(set) var failures: [CheckResult.Failure] = []
    private(set) var exercised = false

    init(_ check: ConformanceCheck) {
        self.check = check
    }

    /// Records one exercised expectation: a failure with `exchanges` unless it holds.
    mutating func expect(_ holds: Bool, _ message: @autoclosure () -> String, _ exchanges: [Exchange]) {
        exercised = true
        if !holds { failures.append(CheckResult.Failure(message: message(), exchanges: exchanges)) }
    }

    /// Records what was exercised, or what could not be.
    mutating func note(_ text: String) {
        notes.append(text)
    }

    /// The result, given the check's run time and why it stopped early, if it did.
    func result(seconds: Double, stopped: CheckResult.Failure?) -> CheckResult {
        let verdict: CheckResult.Verdict
        if !failures.isEmpty {
            verdict = .broken
        } else if stopped != nil {
            verdict = .incomplete
        } else {
            verdict = exercised ? .kept : .notExercised
        }
        return CheckResult(
            check: check, verdict: verdict, notes: notes, failures: failures, stopped: stopped, seconds: seconds)
    }
}
