import BookingKit
import BookingTestSupport
import Foundation
import Observation
import TestSupport
import Testing

/// `BookingModel` drives a whole booking on the main actor, as a SwiftUI
/// screen would, against the sandbox over loopback.
@Suite("BookingModel", .hangLimit)
@MainActor
struct ModelTests {
    @Test("a whole booking through the model: hold, countdown, 3-D Secure, confirmed")
    func wholeBooking() async throws {
        let (fixture, model, running) = try await launched()
        defer { running.cancel() }
        #expect(model.state.titleText.key == "booking.title.browsing")
        #expect(model.state.titleText.defaultValue == "Choose a room")
        #expect(model.actions.isEmpty)

        await model.pay(with: PaymentToken("tok_visa"), guest: BookingFlow.Samples.guest)
        #expect(model.lastError == .actionUnavailable(.pay, stage: "browsing", reason: nil))

        await model.hold(try await fixture.firstOffer())
        #expect(model.lastError == nil)
        #expect(await model.waitForOutcome(timeout: Poll.defaultTimeout))
        #expect(model.state.titleText.key == "booking.title.held")
        #expect(model.actions.map(\.action) == [.pay, .applyCoupon, .back])
        #expect(model.actions.allSatisfy { $0.isEnabled })
        #expect(model.actions.first?.labelText.key == "booking.action.pay")
        await waitUntil { (model.countdownSeconds ?? 0) > 14 * 60 }

        await model.pay(with: PaymentToken("tok_threeDSecureRequired"), guest: BookingFlow.Samples.guest)
        #expect(await model.waitForOutcome(timeout: Poll.defaultTimeout))
        #expect(model.state.titleText.key == "booking.title.actionRequired")
        let url = try #require(model.challengeURL)
        #expect(model.actions.map(\.action) == [.openChallenge, .useAnotherCard, .back])
        try await ClientFixture.answerChallenge(url.absoluteString, pass: true)
        await model.returnedToApp()
        await waitUntil { model.state.stage.isFinal }
        #expect(["booking.title.confirmed.voucher", "booking.title.confirmed"].contains(model.state.titleText.key))
        #expect(model.state.titleText.defaultValue == "Booking confirmed")
        #expect(model.countdownSeconds == nil || model.state.countdown == nil)
        #expect(try await fixture.client.savedTrips().count == 1)

        await model.back()
        #expect(model.state.stage == .browsing)
        await fixture.sandbox.stop()
    }

    @Test("a hold and a payment publish their stages in order, each with its countdown")
    func orderedSnapshots() async throws {
        let fixture = try ClientFixture()
        let model = BookingModel(client: fixture.client)
        // Every value a screen would draw, as Observation reports it.
        var seen: [(stage: String, countdown: Int?)] = []
        func record() {
            let value = (model.state.stage.name, model.countdownSeconds)
            if seen.last.map({ $0.stage != value.0 || ($0.countdown == nil) != (value.1 == nil) }) ?? true {
                seen.append(value)
            }
        }
        let watching = Task { @MainActor in
            while !Task.isCancelled {
                record()
                await withCheckedContinuation { (changed: CheckedContinuation<Void, Never>) in
                    withObservationTracking {
                        _ = (model.state, model.countdownSeconds)
                    } onChange: {
                        changed.resume()
                    }
                }
                await Task.yield()
            }
        }
        let running = Task { await model.run() }
        defer { running.cancel() }
        await waitUntil { model.launchReport != nil }
        await model.hold(try await fixture.firstOffer())
        // Right after the action returns, the model is at least where the action left it.
        #expect(["requestingHold", "held"].contains(model.state.stage.name))
        await waitUntil { model.state.stage.kind == .held }
        #expect(model.countdownSeconds != nil, "held arrives with its countdown")
        await model.pay(with: PaymentToken("tok_visa"), guest: BookingFlow.Samples.guest)
        await waitUntil { model.state.stage.isFinal }
        #expect(model.state.stage.kind == .confirmed)
        #expect(model.countdownSeconds == nil, "confirmed arrives with no countdown")
        watching.cancel()
        record()
        let order = ["browsing", "offerChosen", "requestingHold", "held", "submitting", "processing", "confirmed"]
        let stages = seen.map(\.stage)
        let positions = stages.compactMap { order.firstIndex(of: $0) }
        #expect(positions.count == stages.count, "an unexpected stage in \(stages)")
        #expect(positions == positions.sorted(), "a stage went back: \(stages)")
        #expect(stages.first == "browsing" && stages.last == "confirmed", "\(stages)")
        for value in seen {
            let holds = ["held", "submitting", "processing"].contains(value.stage)
            if value.stage == "held" { #expect(value.countdown != nil, "\(seen)") }
            if !holds && value.stage != "requestingHold" { #expect(value.countdown == nil, "\(seen)") }
        }
        await fixture.sandbox.stop()
    }

    @Test("the scene becoming active asks the server again about a payment on the bank's page")
    func sceneBecameActiveRechecks() async throws {
        let (fixture, model, running) = try await launched()
        defer { running.cancel() }
        let booking = try await LinkTests.waitingForTheBank(fixture)
        try await fixture.client.api.completeChallenge(booking, pass: true)
        #expect(model.state.stage.kind == .actionRequired)
        await model.sceneBecameActive()
        await waitUntil { model.state.stage.isFinal }
        #expect(model.state.stage.kind == .confirmed)
        await fixture.sandbox.stop()
    }

    @Test("a return link opened through the model confirms; a foreign link is a typed error")
    func openThroughTheModel() async throws {
        let sandbox = try SandboxFixture(route: .loopback)
        let fixture = ClientFixture(sandbox: sandbox, client: try LinkTests.client(sandbox))
        let model = BookingModel(client: fixture.client)
        let running = Task { await model.run() }
        defer { running.cancel() }
        await waitUntil { model.launchReport != nil }
        let booking = try await LinkTests.waitingForTheBank(fixture)
        #expect(await model.open(try #require(URL(string: "https://evil.example.com/trips/b1"))) == nil)
        #expect(model.lastError == .linkRejected(reason: "it is not a link to \(LinkTests.host)"))
        try await fixture.client.api.completeChallenge(booking, pass: true)
        let link = try #require(URL(string: "https://\(LinkTests.host)/bookings/\(booking.rawValue)/3ds-return"))
        #expect(await model.open(link) != nil)
        #expect(model.lastError == nil)
        await waitUntil { model.state.stage.isFinal }
        #expect(model.state.stage.kind == .confirmed)
        await sandbox.stop()
    }

    @Test("every action the flow shows has the model's call: a coupon, another card")
    func couponAndAnotherCard() async throws {
        let (fixture, model, running) = try await launched()
        defer { running.cancel() }
        await model.hold(try await fixture.firstOffer())
        #expect(await model.waitForOutcome(timeout: Poll.defaultTimeout))
        func total(_ state: BookingFlow.State?) -> Money? {
            guard case .held(let held)? = state?.stage else { return nil }
            return held.hold.price.total
        }
        let before = try #require(total(model.state))
        let applied = await model.applyCoupon("WELCOME10")
        #expect(model.lastError == nil, "\(String(describing: model.lastError))")
        let after = try #require(total(applied), "\(String(describing: applied))")
        #expect(after.minorUnits < before.minorUnits)

        await model.pay(with: PaymentToken("tok_threeDSecureRequired"), guest: BookingFlow.Samples.guest)
        #expect(await model.waitForOutcome(timeout: Poll.defaultTimeout))
        #expect(model.actions.map(\.action).contains(.useAnotherCard))
        await model.useAnotherCard()
        #expect(model.lastError == nil, "\(String(describing: model.lastError))")
        await waitUntil { model.state.stage.kind == .held }
        #expect(try await fixture.client.api.sandboxLedger().chargeCount == 0)

        fixture.client.close()
        await model.useAnotherCard()
        #expect(model.lastError == .closed)
    }

    @Test("the model's Pay presents the bank's page through the handler and returns the confirmed trip")
    func payPresentingTheBankPage() async throws {
        let (fixture, model, running) = try await launched()
        defer { running.cancel() }
        await model.hold(try await fixture.firstOffer())
        #expect(await model.waitForOutcome(timeout: Poll.defaultTimeout))
        let page = BankPage { url, _ in try? await ClientFixture.answerChallenge(url.absoluteString, pass: true) }
        let result = await model.pay(
            with: PaymentToken("tok_threeDSecureRequired"), bankPage: page, guest: BookingFlow.Samples.guest)
        guard case .confirmed? = result else {
            Issue.record("expected confirmed, got \(String(describing: result))")
            return
        }
        await waitUntil { model.state.stage.isFinal }
        #expect(model.state.titleText.key.hasPrefix("booking.title.confirmed"), "\(model.state.titleText.key)")
    }

    @Test("offline: the banner and the disabled reason carry keys")
    func offline() async throws {
        let (fixture, model, running) = try await launched()
        defer { running.cancel() }
        await model.hold(try await fixture.firstOffer())
        #expect(await model.waitForOutcome(timeout: Poll.defaultTimeout))
        await fixture.client.networkChanged(isOnline: false)
        await waitUntil { model.state.bannerText != nil }
        #expect(model.state.bannerText?.key == "booking.banner.offline")
        let pay = try #require(model.actions.first { $0.action == .pay })
        #expect(!pay.isEnabled)
        #expect(pay.disabledReasonText?.key == "booking.reason.youAreOffline")
        await fixture.sandbox.stop()
    }

    /// A sandbox, a client and its model, running and launched.
    @Test("the model lists a room held on another device of the account, pays it there once, and drops it when let go")
    func roomsHeldElsewhere() async throws {
        let phoneFixture = try ClientFixture()
        await phoneFixture.client.launch()
        guard case .held = try await phoneFixture.client.hold(try await phoneFixture.firstOffer()) else {
            Issue.record("the phone did not hold the room")
            return
        }
        var laptopConfiguration = ClientFixture.configuration(sandbox: phoneFixture.sandbox, launchBound: .seconds(30))
        laptopConfiguration.dataDirectory = URL(fileURLWithPath: phoneFixture.sandbox.directory.file("laptop"))
        let laptop = try BookingClient(laptopConfiguration, dependencies: Dependencies(sleeper: NoSleeper()))
        let model = BookingModel(client: laptop)
        let running = Task { await model.run() }
        defer { running.cancel() }
        await waitUntil { model.launchReport != nil }
        let held = try #require(model.heldElsewhere.first)
        #expect(model.heldElsewhere.count == 1)
        #expect((1...900).contains(laptop.secondsLeft(on: held)))

        guard case .held = await model.takeOver(held) else {
            Issue.record("the model did not take the room over: \(String(describing: model.lastError))")
            return
        }
        #expect(model.heldElsewhere.isEmpty)
        #expect(model.state.stage.kind == .held)
        await model.pay(with: PaymentToken("tok_visa"), guest: BookingFlow.Samples.guest)
        await waitUntil { model.state.stage.isFinal }
        #expect(model.state.stage.kind == .confirmed)
        #expect(try await phoneFixture.sandbox.client().sandboxLedger().chargeCount == 1)

        // A second room held on the phone, let go from the laptop.
        await model.back()
        try await phoneFixture.client.back()
        let second = try #require(
            try await phoneFixture.client.offers(
                at: "plc_lisbon", checkIn: CalendarDate("2026-12-10")!, checkOut: CalendarDate("2026-12-12")!,
                guests: 2
            ).items.first)
        _ = try await phoneFixture.client.hold(second)
        await model.sceneBecameActive()
        let other = try #require(model.heldElsewhere.first)
        await model.letGo(other)
        #expect(model.lastError == nil)
        #expect(model.heldElsewhere.isEmpty)
        #expect(try await phoneFixture.sandbox.liveHolds().isEmpty)
        await phoneFixture.sandbox.stop()
    }

    private func launched() async throws -> (ClientFixture, BookingModel, Task<Void, Never>) {
        let fixture = try ClientFixture()
        let model = BookingModel(client: fixture.client)
        let running = Task { await model.run() }
        await waitUntil { model.launchReport != nil }
        return (fixture, model, running)
    }

    /// Waits until `condition`, read from the model, holds: checked again at
    /// each change of what it read (Observation's `onChange`), never against
    /// the clock. The check and the tracking that follows it run on the main
    /// actor with no suspension between, so no change slips past.
    /// (A state that never comes is ended by the suite's time limit.)
    private func waitUntil(_ condition: @escaping @MainActor @Sendable () -> Bool) async {
        while !condition() {
            await withCheckedContinuation { (changed: CheckedContinuation<Void, Never>) in
                withObservationTracking {
                    _ = condition()
                } onChange: {
                    changed.resume()
                }
            }
        }
    }
}
