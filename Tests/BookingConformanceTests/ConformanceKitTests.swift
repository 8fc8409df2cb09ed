import BookingConformance
import BookingTestSupport
import Foundation
import Testing

/// The kit against the real sandbox over loopback: the reference server
/// keeps every promise; a proxy that breaks one promise fails that check
/// and no other; stock nginx answering 503 after the payment ran is caught.
@Suite(.timeLimit(.minutes(5))) struct ConformanceKitTests {
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

    /// The send the server delays reaches it 1 s late (a busy machine, a
    /// slow path), after the three sent 0.2 s behind it: the first rounds
    /// see no collision, the widened third does, and a server that runs a
    /// colliding send is still caught.
    @Test func aDelayedSendThatArrivesLateStillMeetsTheKeyInUseInALaterRound() async throws {
        let server = try ConformanceServer(breaking: .runCollidingSend, delayedSendsLateBy: .seconds(1))
        let report = try await server.runKit(["--only", "key-in-use"])
        let inUse = try #require(report.results.first { $0.check == .keyInUse })
        #expect(inUse.verdict == .broken, "\(report.text)")
        #expect(report.exitCode == 1)
        #expect(try await server.liveHolds().isEmpty, "\(report.cleanup.summary)")
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

    /// With a bound of 6 requests the run stops inside its first check,
    /// says which bound stopped it, fails, and still releases the hold it made.
    @Test func aRunStopsAtItsRequestBoundFailsAndStillCleansUp() async throws {
        let server = try ConformanceServer()
        let report = try await server.runKit(limits: RunLimits(checkRequests: 6))
        #expect(report.requests <= 6)
        #expect(report.exitCode == 1)
        // retry-after judges the two 503s the first check met before the bound; every other check stopped.
        let stopped = report.results.filter { $0.check != .retryAfter }
        #expect(stopped.allSatisfy { $0.verdict == .incomplete }, "\(report.text)")
        #expect(report.text.contains("the run's bound of 6 requests was reached"), "\(report.text)")
        #expect(report.cleanup.holdsCreated >= 1, "\(report.cleanup.summary)")
        #expect(try await server.liveHolds().isEmpty, "\(report.cleanup.summary)")
        await server.stop()
    }

    @Test func aRunStopsAtItsTimeBound() async throws {
        let server = try ConformanceServer()
        let report = try await server.runKit(limits: RunLimits(checkSeconds: 0))
        #expect(report.requests == 0)
        #expect(report.exitCode == 1)
        #expect(report.results.allSatisfy { $0.verdict == .incomplete || $0.verdict == .notExercised })
        #expect(report.text.contains("the run's bound of 0 s was reached"), "\(report.text)")
        await server.stop()
    }

    @Test func onlyRunsTheNamedChecksAndSaysWhatWasNotExercised() async throws {
        let server = try ConformanceServer()
        let report = try await ConformanceRun(
            options: ConformanceOptions.parse(
                ["--server", server.url.absoluteString, "--api-key", ConformanceServer.firstKey, "--only", "isolation"]
            ),
            limits: ConformanceServer.testLimits
        ).run()
        #expect(report.results.map(\.check) == [.isolation])
        #expect(report.results.first?.verdict == .notExercised, "no second account: \(report.text)")
        #expect(report.text.contains("NOT EXERCISED  isolation"), "\(report.text)")
        #expect(report.exitCode == 0)
        await server.stop()
    }
}
