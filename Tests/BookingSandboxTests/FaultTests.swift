import Foundation
import Testing

@testable import BookingSandbox

@Suite struct FaultTests {
    @Test(arguments: Transport.allCases)
    func error500AfterCommitKeepsTheBooking(transport: Transport) async throws {
        try await withSandbox(transport) { sandbox in
            let response = try await sandbox.book(token: "tok_visa", key: "k-after", fault: "error-500-after-commit")
            #expect(response.status == 500)
            let lookup = try await sandbox.send("GET", "/v1/bookings?attempt=k-after")
            #expect(lookup.json["state"].stringValue == "CONFIRMED")
            #expect(try await sandbox.ledger()["chargeCount"].intValue == 1)
        }
    }

    @Test(arguments: Transport.allCases)
    func rateLimitAndUnavailableCarryRetryAfterAndStoreNothing(transport: Transport) async throws {
        try await withSandbox(transport) { sandbox in
            let holdID = try await sandbox.heldID()
            let limited = try await sandbox.pay(holdID, token: "tok_visa", key: "k-r", fault: "rate-limit")
            #expect(limited.status == 429)
            #expect(limited.errorCode == "RATE_LIMITED")
            #expect(limited.header("Retry-After") == "1")
            let down = try await sandbox.pay(holdID, token: "tok_visa", key: "k-r", fault: "unavailable")
            #expect(down.status == 503)
            #expect(down.errorCode == "UNAVAILABLE")
            #expect(down.header("Retry-After") == "1")
            let retry = try await sandbox.pay(holdID, token: "tok_visa", key: "k-r")
            #expect(retry.status == 201)
            #expect(retry.header("Idempotent-Replayed") == nil)
        }
    }

    @Test(arguments: Transport.allCases)
    func staleVersionAnswersTheVersionBefore(transport: Transport) async throws {
        try await withSandbox(transport) { sandbox in
            let id = try await sandbox.book(token: "tok_visa").json["bookingId"].stringValue!
            _ = try await sandbox.send("POST", "/v1/bookings/\(id)/cancel", json: #"{"version":1}"#, key: "c")
            let stale = try await sandbox.send("GET", "/v1/bookings/\(id)", fault: "stale-version")
            #expect(stale.json["version"].intValue == 1)
            #expect(stale.json["state"].stringValue == "CONFIRMED")
            let fresh = try await sandbox.send("GET", "/v1/bookings/\(id)")
            #expect(fresh.json["version"].intValue == 2)
            #expect(fresh.json["state"].stringValue == "CANCELLED")
        }
    }

    @Test(arguments: Transport.allCases)
    func delayHoldsTheAnswerBack(transport: Transport) async throws {
        try await withSandbox(transport) { sandbox in
            let start = ContinuousClock.now
            let response = try await sandbox.send("GET", "/v1/places/suggest?q=lis", fault: "delay-ms=300")
            #expect(response.status == 200)
            #expect(ContinuousClock.now - start >= .milliseconds(300))
        }
    }

    @Test(arguments: Transport.allCases)
    func droppedReadClosesWithoutAnswer(transport: Transport) async throws {
        try await withSandbox(transport) { sandbox in
            let response = try await sandbox.send("GET", "/v1/sandbox/config", fault: "drop-response-after-commit")
            // Sandbox instruments are never faulted.
            #expect(response.status == 200)
            let dropped = try await sandbox.send(
                "POST", "/v1/holds", json: "{}", key: "x", fault: "drop-response-after-commit")
            // Validation runs first and is never faulted into a commit.
            #expect(dropped.status == 400)
        }
    }

    @Test(arguments: Transport.allCases)
    func unknownFaultIs400(transport: Transport) async throws {
        try await withSandbox(transport) { sandbox in
            for header in ["explode", "delay-ms=abc", "delay-ms=99999999", "rate-limit,,"] {
                let response = try await sandbox.send("GET", "/v1/places/suggest?q=lis", fault: header)
                #expect(response.status == 400, "\(header)")
                #expect(response.errorCode == "INVALID_FAULT")
            }
        }
    }

    /// The payment-method switch takes the faults every read takes (it
    /// once ignored a 500 and a gateway's status: a client test that asked
    /// for an unreadable switch read it fine).
    @Test(arguments: Transport.allCases)
    func thePaymentMethodSwitchTakesTheReadFaults(transport: Transport) async throws {
        try await withSandbox(transport) { sandbox in
            for (fault, status) in [
                ("error-500-before-commit", 500), ("error-500-after-commit", 500), ("gateway-502-after-commit", 502),
                ("unavailable", 503),
            ] {
                let read = try await sandbox.send("GET", "/v1/payment-methods", fault: fault)
                #expect(read.status == status, "\(fault)")
            }
            #expect(try await sandbox.send("GET", "/v1/payment-methods").status == 200)
        }
    }

    @Test func serverWideRatesAreReproducibleFromTheSeed() async throws {
        func run() async throws -> [String] {
            var seen: [String] = []
            try await withSandbox(
                .inProcess,
                configure: {
                    $0.faultRates = [.rateLimit: 0.3, .unavailable: 0.2]
                    $0.faultSeed = 42
                }
            ) { sandbox in
                for _ in 0..<40 {
                    let response = try await sandbox.send("GET", "/v1/places/suggest?q=to")
                    seen.append("\(response.status) \(response.header("Sandbox-Fault-Injected") ?? "-")")
                }
            }
            return seen
        }
        let first = try await run()
        let second = try await run()
        #expect(first == second)
        #expect(first.contains { $0.hasPrefix("429") })
        #expect(first.contains { $0.hasPrefix("200") })
    }

    @Test func everyFaultHasOneSpelling() {
        for fault in SandboxFault.simpleCases + [.delay(milliseconds: 250)] {
            #expect(SandboxFault(fault.description) == fault)
        }
        #expect(
            SandboxFault.parseList("delay-ms=5, drop-response-after-commit") == [
                .delay(milliseconds: 5), .dropResponseAfterCommit,
            ])
    }
}
