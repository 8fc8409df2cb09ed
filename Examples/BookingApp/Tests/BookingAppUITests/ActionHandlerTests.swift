import BookingAppUI
import BookingKit
import BookingKitTesting
import Foundation
import Testing

/// The screen's buttons, pressed through `ActionHandler` on a `BookingModel`
/// whose client talks to the sandbox inside this test process.
@MainActor
@Suite struct ActionHandlerTests {
    static let guest = GuestDetails(name: "Ana Silva", email: "ana@example.com")

    /// A model over a new client of `sandbox`, holding its first room in
    /// Lisbon with the guest's details filled in.
    static func holding(on sandbox: TestSandbox) async throws -> BookingModel {
        let client = try sandbox.client()
        await client.launch()
        let page = try await client.offers(
            at: "plc_lisbon", checkIn: CalendarDate("2026-12-01")!, checkOut: CalendarDate("2026-12-03")!, guests: 2)
        let model = BookingModel(client: client)
        await model.hold(try #require(page.items.first))
        await model.setGuest(guest)
        return model
    }

    static func handler(_ model: BookingModel, card: String) -> ActionHandler {
        ActionHandler(model: model, token: PaymentToken(card), couponCode: { nil }, signIn: { nil })
    }

    @Test func payWhoseAnswerIsLostShowsTheBookingAndChargesOnce() async throws {
        let sandbox = try TestSandbox()
        let model = try await Self.holding(on: sandbox)
        #expect(model.actions.contains { $0.action == .pay && $0.isEnabled })
        sandbox.transport.inject(.init("POST", "/v1/bookings", fault: .dropResponseAfterCommit))
        await Self.handler(model, card: "tok_visa").perform(.pay)
        guard case .confirmed = model.state.stage else {
            Issue.record("expected the booking on screen, got \(model.state.titleText)")
            return
        }
        #expect(try await sandbox.charges() == 1)
        model.client.close()
    }

    @Test func aDeclinedCardOffersRetryAndAnotherCardPaysTheRoomOnce() async throws {
        let sandbox = try TestSandbox()
        let model = try await Self.holding(on: sandbox)
        await Self.handler(model, card: "tok_chargeDeclined").perform(.pay)
        #expect(try await sandbox.charges() == 0)
        // The screen says so and offers to try again on the same room.
        #expect(model.state.titleText.defaultValue == "Payment declined")
        #expect(model.actions.contains { $0.action == .retry && $0.isEnabled })
        let another = Self.handler(model, card: "tok_visa")
        await another.perform(.retry)
        guard case .held = model.state.stage else {
            Issue.record("expected the room held again, got \(model.state.titleText)")
            return
        }
        await another.perform(.pay)
        guard case .confirmed = model.state.stage else {
            Issue.record("expected the booking on screen, got \(model.state.titleText)")
            return
        }
        #expect(try await sandbox.charges() == 1)
        model.client.close()
    }
}
