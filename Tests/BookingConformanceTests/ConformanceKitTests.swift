import BookingConformance
import BookingTestSupport
import Foundation
import Testing

/// The kit against the real sandbox over loopback: the reference server
/// keeps every promise; a proxy that breaks one promise fails that check
/// and no other; stock nginx answering 503 after the payment ran is caught.
@Suite(.timeLimit(.minutes(3))) struct ConformanceKitTests {
    @Test func theSandboxKeepsEveryPromiseAndNoHoldIsLeftLive() async throws {
        let server = try ConformanceServer()
        let report = try await server.runKit()
        for result in report.results {
            #expect(result.verdict == .kept, "\(result.check.rawValue): \(report.text)")
        }
        #expect(report.results.map(\.check) == ConformanceCheck.allCases)
        #expect(report.exitCode == 0)
        #expect(report.cleanup.leftovers.isEmpty, "\(report.cleanup.summary)")
        #expect(try await server.liveHolds().isEmpty, "the run leaves no live hold behind")
        #expect(report.requests < 150, "bounded: \(report.requests) requests")
        #expect(report.seconds < 30, "bounded: \(report.seconds) s")
        await server.stop()
    }

    @Test(arguments: BrokenPromise.allCases)
    func aServerBreakingOnePromiseFailsThatCheckAndNoOther(_ broken: BrokenPromise) async throws {
        let server = try ConformanceServer(breaking: broken)
        let report = try await server.runKit()
        for result in report.results {
            let expected: CheckResult.Verdict = result.check == broken.check ? .broken : .kept
            #expect(result.verdict == expected, "\(broken) -> \(result.check.rawValue): \(report.text)")
        }
        let failure = report.results.first { $0.check == broken.check }?.failures.first
        #expect(failure?.exchanges.isEmpty == false, "the broken promise comes with the exchange that broke it")
        #expect(report.exitCode == 1)
        #expect(try await server.liveHolds().isEmpty, "\(broken): \(report.cleanup.summary)")
        await server.stop()
    }

    /// Stock nginx in front of the sandbox, configured as deployments are
    /// (an upstream 500 becomes the gateway's 503 with `Retry-After`): the
    /// first payment runs and fails after committing, nginx answers 503,
    /// and the lookup by key finds the booking.
    @Test(ExternalTool.needed(NginxGateway.tool))
    func nginxAnswering503AfterThePaymentRanBreaksTheUnclearAnswerPromise() async throws {
        let server = try ConformanceServer(behindGateway: true, faultOnFirstPayment: "error-500-after-commit")
        let report = try await server.runKit(["--only", "unclear-answers,retry-after"])
        let unclear = try #require(report.results.first { $0.check == .unclearAnswers })
        #expect(unclear.verdict == .broken, "\(report.text)")
        let evidence = unclear.failures.flatMap(\.exchanges).map(\.summary).joined(separator: "\n")
        #expect(evidence.contains("POST /v1/bookings"), "\(evidence)")
        #expect(evidence.contains("-> 503"), "\(evidence)")
        #expect(evidence.contains("GET /v1/bookings?attempt="), "the lookup that found it: \(evidence)")
        #expect(report.results.first { $0.check == .retryAfter }?.verdict == .kept, "nginx's Retry-After is seconds")
        #expect(report.exitCode == 1)
        await server.stop()
    }

    @Test func onlyRunsTheNamedChecksAndSaysWhatWasNotExercised() async throws {
        let server = try ConformanceServer()
        let report = try await ConformanceRun(
            options: ConformanceOptions.parse(
                ["--server", server.url.absoluteString, "--api-key", ConformanceServer.firstKey, "--only", "isolation"])
        ).run()
        #expect(report.results.map(\.check) == [.isolation])
        #expect(report.results.first?.verdict == .notExercised, "no second account: \(report.text)")
        #expect(report.text.contains("NOT EXERCISED  isolation"), "\(report.text)")
        #expect(report.exitCode == 0)
        await server.stop()
    }
}
