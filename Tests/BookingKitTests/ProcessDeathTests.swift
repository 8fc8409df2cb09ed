import BookingAPI
import BookingCore
import BookingKit
import BookingPrimitives
import BookingTestSupport
import Foundation
import Testing

/// Process death at every effect boundary of each scenario: the runtime is
/// discarded at the boundary (nothing after it runs, no result delivered),
/// a new one opens the same database file and reconciles. Whatever the
/// moment: at most one charge, and a booking the server confirmed is a trip.
@Suite struct ProcessDeathTests {
    struct Scenario: Sendable, CustomStringConvertible {
        var name: String
        var token: String
        var fault: String?
        var description: String { name }
    }

    static let scenarios = [
        Scenario(name: "visa", token: "tok_visa", fault: nil),
        Scenario(name: "declined", token: "tok_chargeDeclined", fault: nil),
        Scenario(name: "3-D Secure", token: "tok_threeDSecureRequired", fault: nil),
        Scenario(name: "processing error", token: "tok_processingError", fault: nil),
        Scenario(name: "lost answer", token: "tok_visa", fault: "drop-response-after-commit"),
        Scenario(name: "500 after commit", token: "tok_visa", fault: "error-500-after-commit"),
    ]

    /// Runs the scenario, dying at boundary `killAt` (nil: never). Returns
    /// the boundaries passed.
    private func run(_ scenario: Scenario, killAt: Int?) async throws -> (Harness, Int) {
        let harness = try Harness(route: .inProcess)
        harness.death.killAt = killAt
        if let fault = scenario.fault { harness.sandbox.transport.inject(.init("POST", "/v1/bookings", fault: fault)) }
        let offer = try await harness.firstOffer()
        let (attempt, key) = Harness.newAttempt()
        await harness.flow.send(.offerChosen(offer))
        await harness.flow.send(.holdTapped(attempt: attempt, key: key))
        var state = await harness.waitFor { $0.stage.kind == .held || harness.death.isDead }
        if state.stage.kind == .held && !harness.death.isDead {
            await harness.flow.send(.guestEntered(BookingFlow.Samples.guest))
            await harness.flow.send(.payTapped(PaymentToken(scenario.token), now: .origin))
            state = await harness.waitFor {
                $0.stage.kind == .actionRequired || $0.stage.isFinal || harness.death.isDead
            }
            if state.stage.kind == .actionRequired && !harness.death.isDead,
                let booking = try await harness.repository.attempt(attempt)?.bookingID
            {
                try await harness.api.completeChallenge(booking, pass: true)
                await harness.flow.send(.challengeReturned(attempt))
                _ = await harness.waitFor { $0.stage.isFinal || harness.death.isDead }
            }
        }
        return (harness, harness.death.seen.count)
    }

    /// After a restart: reconcile, then the promises.
    private func checkPromises(_ harness: Harness, _ label: String) async throws {
        try harness.restart()
        _ = await harness.repository.reconcile()
        let ledger = try await harness.ledger()
        #expect(ledger.chargesByIdempotencyKey.values.allSatisfy { $0 == 1 }, "\(label): a key charged twice")
        #expect(ledger.chargeCount <= 1, "\(label): \(ledger.chargeCount) charges")
        // Every booking the server confirmed for the account is a trip.
        for booking in try await harness.api.bookings() where booking.state == .confirmed {
            #expect(
                try await harness.repository.hasTrip(booking.bookingId),
                "\(label): confirmed \(booking.bookingId) is not a trip")
        }
        await harness.sandbox.stop()
    }

    @Test(arguments: scenarios)
    func dyingAtEveryEffectBoundaryNeverChargesTwiceNorLosesTheBooking(scenario: Scenario) async throws {
        let (reference, boundaries) = try await run(scenario, killAt: nil)
        await reference.sandbox.stop()
        #expect(boundaries >= 4, "\(scenario): only \(boundaries) boundaries")
        for killAt in 1...boundaries {
            let (harness, _) = try await run(scenario, killAt: killAt)
            try await checkPromises(harness, "\(scenario) killed at boundary \(killAt) of \(boundaries)")
        }
        BoundaryTally.shared.add(scenario.name, boundaries)
    }
}

/// Counts the boundaries the sweep covered (printed for the issue note).
final class BoundaryTally: Sendable {
    static let shared = BoundaryTally()
    private let counts = Locked<[String: Int]>([:])

    func add(_ scenario: String, _ count: Int) {
        let total = counts.withLock { counts in
            counts[scenario] = count
            return counts.values.reduce(0, +)
        }
        print("process-death sweep: \(scenario) has \(count) boundaries; \(total) covered so far")
    }
}
