import BookingAPI
import BookingPrimitives
import Foundation

/// One run of the kit against a server: every selected check in order,
/// then the cleanup (holds released, bookings cancelled), as a report.
///
/// Checks run one after another, each with holds and bookings of its own,
/// so that one broken promise shows in its own check and no other. Two
/// checks watch the whole run instead of one scenario: `unclear-answers`
/// and `retry-after` look at every 429 and 503 the run met (their own
/// scenario provokes one where the server offers a documented way), so
/// they are decided last.
public final class ConformanceRun: Sendable {
    let http: ConformanceHTTP
    let first: Account
    let second: Account?
    let checks: [ConformanceCheck]
    private let runID: String
    private let counter = Locked(0)
    let stock = Locked(Stock())

    /// A run of `options`' checks through `transport` (by default the
    /// package's own HTTP: libcurl on Linux, URLSession elsewhere).
    public init(
        options: ConformanceOptions, transport: any Transport = ConformanceTransport.make(),
        limits: RunLimits = RunLimits()
    ) {
        http = ConformanceHTTP(server: options.server, transport: transport, limits: limits)
        first = Account(label: "first", apiKey: options.apiKey)
        second = options.secondAPIKey.map { Account(label: "second", apiKey: $0) }
        checks = options.checks
        runID = String(UInt32.random(in: 0...UInt32.max), radix: 16)
    }

    /// Runs the checks and the cleanup.
    public func run() async -> ConformanceReport {
        var results: [CheckResult] = []
        var watching: [(CheckRecorder, Double, CheckResult.Failure?)] = []
        for check in checks {
            let started = http.elapsed
            var recorder = CheckRecorder(check)
            var stopped: CheckResult.Failure?
            do {
                try await perform(check, into: &recorder)
            } catch {
                stopped = CheckResult.Failure(message: error.message, exchanges: error.exchanges)
            }
            if check == .unclearAnswers || check == .retryAfter {
                watching.append((recorder, http.elapsed - started, stopped))
            } else {
                results.append(recorder.result(seconds: http.elapsed - started, stopped: stopped))
            }
        }
        for (recorder, seconds, stopped) in watching {
            var recorder = recorder
            judgeWatched(into: &recorder)
            results.append(recorder.result(seconds: seconds, stopped: stopped))
        }
        results.sort { lhs, rhs in
            (checks.firstIndex(of: lhs.check) ?? 0) < (checks.firstIndex(of: rhs.check) ?? 0)
        }
        let checkSeconds = http.elapsed
        let checkRequests = http.exchanges.count
        let cleanup = await cleanUp()
        return ConformanceReport(
            server: http.server.absoluteString, results: results, requests: checkRequests,
            cleanupRequests: http.exchanges.count - checkRequests, seconds: checkSeconds,
            totalSeconds: http.elapsed, cleanup: cleanup)
    }

    private func perform(_ check: ConformanceCheck, into recorder: inout CheckRecorder) async throws(CheckStop) {
        switch check {
        case .unclearAnswers, .retryAfter: try await provokeWaitAnswers(into: &recorder)
        case .replay: try await checkReplay(into: &recorder)
        case .keyReuse: try await checkKeyReuse(into: &recorder)
        case .keyInUse: try await checkKeyInUse(into: &recorder)
        case .closedKey: try await checkClosedKey(into: &recorder)
        case .versions: try await checkVersions(into: &recorder)
        case .holdClock: try await checkHoldClock(into: &recorder)
        case .isolation: try await checkIsolation(into: &recorder)
        case .refusals: try await checkRefusals(into: &recorder)
        case .sameStay: try await checkSameStay(into: &recorder)
        }
    }

    /// A new Idempotency-Key, unique to this run.
    func newKey() -> String {
        let number = counter.withLock { count in
            count += 1
            return count
        }
        return "conformance-\(runID)-\(number)"
    }
}
