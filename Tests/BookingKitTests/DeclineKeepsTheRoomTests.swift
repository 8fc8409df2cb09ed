import BookingAPI
import BookingCore
import BookingKit
import BookingTestSupport
import Foundation
import Testing

/// A declined card keeps the room: "Try another card" pays the same live
/// hold under a new attempt and key, so the account never holds more than
/// one room for the chain of attempts, and the card that works is charged
/// once. In-process and over real HTTP on loopback.
@Suite(.hangLimit) struct DeclineKeepsTheRoomTests {
    @Test(arguments: SandboxFixture.Route.allCases)
    func fiveDeclinesThenAGoodCardHoldOneRoomAndChargeOnce(route: SandboxFixture.Route) async throws {
        let harness = try Harness(route: route)
        let first = try await harness.holdAnOffer()
        let holdID = try #require(try await harness.repository.attempt(first)?.holdID)
        var keys: [IdempotencyKey] = []
        for _ in 0..<5 {
            await harness.flow.send(.guestEntered(BookingFlow.Samples.guest))
            await harness.flow.send(.payTapped(PaymentToken("tok_chargeDeclined"), now: .origin))
            let declined = await harness.waitForFinal()
            #expect(declined.title == "Payment declined")
            #expect(declined.message?.contains("Your bank declined the payment") == true)
            #expect(declined.actions.first?.label == "Try another card")
            #expect(try await harness.sandbox.liveHolds() == [holdID.rawValue])
            let (next, key) = Harness.newAttempt()
            keys.append(key)
            await harness.flow.send(.retryTapped(attempt: next, key: key))
            _ = await harness.waitFor { $0.stage.kind == .held }
            #expect(try await harness.repository.attempt(next)?.holdID == holdID)
            #expect(try await harness.sandbox.liveHolds() == [holdID.rawValue])
        }
        await harness.flow.send(.guestEntered(BookingFlow.Samples.guest))
        await harness.flow.send(.payTapped(PaymentToken("tok_visa"), now: .origin))
        let paid = await harness.waitForFinal()
        #expect(paid.stage.kind == .confirmed)
        #expect(harness.sandbox.transport.requests("POST", "/v1/holds").count == 1)
        let ledger = try await harness.ledger()
        #expect(ledger.chargeCount == 1)
        #expect(ledger.chargesByHold == [holdID.rawValue: 1])
        #expect(ledger.chargesByIdempotencyKey == [keys[4].rawValue: 1])
        try await harness.expectNoDoubleCharge()
        await harness.sandbox.stop()
    }
}
