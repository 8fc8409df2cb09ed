import BookingAPI
import BookingCore
import BookingKit
import BookingTestSupport
import Foundation
import TestSupport
import Testing

/// A hold belongs to the account: a room held on one device (a data
/// directory) is seen on another of the same account, paid there once, or
/// let go there, and the first device follows what the server says.
@Suite("a hold belongs to the account, across devices")
struct HeldElsewhereTests {
    /// Two devices of account `test` on one sandbox: the phone on the
    /// fixture's directory, the laptop on a directory of its own.
    struct Devices {
        let sandbox: SandboxFixture
        let phone: BookingClient
        let laptop: BookingClient

        init(route: SandboxFixture.Route) throws {
            sandbox = try SandboxFixture(route: route)
            phone = try Self.device(sandbox, directory: sandbox.clientDirectory)
            laptop = try Self.device(sandbox, directory: sandbox.directory.file("laptop"))
        }

        static func device(_ sandbox: SandboxFixture, directory: String) throws -> BookingClient {
            var configuration = ClientFixture.configuration(sandbox: sandbox, launchBound: .seconds(30))
            configuration.dataDirectory = URL(fileURLWithPath: directory)
            return try BookingClient(configuration, dependencies: Dependencies(sleeper: NoSleeper()))
        }

        /// The phone launched and holding the first offer in Lisbon.
        func phoneHolds() async throws -> Offer {
            await phone.launch()
            let offer = try await ClientFixture(sandbox: sandbox, client: phone).firstOffer()
            guard case .held = try await phone.hold(offer) else {
                Issue.record("the phone did not hold the room")
                return offer
            }
            return offer
        }

        /// The phone holds a room; the laptop takes it over and pays it
        /// (confirmed); another process on the phone's directory then
        /// reconciles first and saves the phone's attempt booked elsewhere,
        /// while the phone's own flow still shows the room held.
        func laptopPaysThePhonesRoomAndAnotherPhoneProcessReconciles() async throws {
            _ = try await phoneHolds()
            let held = try #require(try await laptop.holdsElsewhere().first)
            guard case .held = try await laptop.takeOver(held) else {
                Issue.record("the laptop could not take the room over")
                return
            }
            try await laptop.pay(with: PaymentToken("tok_visa"), guest: BookingFlow.Samples.guest)
            #expect(try await laptop.waitUntilAtRest(timeout: Poll.defaultTimeout).stage.kind == .confirmed)
            let reconciler = try Self.device(sandbox, directory: sandbox.clientDirectory)
            #expect(await reconciler.reconcile().bookedElsewhere == 1)
        }

        /// The phone's app closed and started again on its directory, launched.
        func relaunchPhone() async throws -> BookingClient {
            phone.close()
            let relaunched = try Self.device(sandbox, directory: sandbox.clientDirectory)
            await relaunched.launch()
            return relaunched
        }

        /// Whether `client`, at rest, shows its room booked on the other
        /// device (the test records what it shows instead).
        static func showsBookedElsewhere(
            _ client: BookingClient, sourceLocation: SourceLocation = #_sourceLocation
        ) async throws -> Bool {
            let shown = try await client.waitUntilAtRest(timeout: Poll.defaultTimeout)
            if case .failed(let failed) = shown.stage, failed.reason == .bookedElsewhere { return true }
            Issue.record("the phone shows \(shown.stage.name), not booked elsewhere", sourceLocation: sourceLocation)
            return false
        }

        /// The account's charges so far.
        func charges() async throws -> Int {
            try await sandbox.client().sandboxLedger().chargeCount
        }
    }

    @Test(
        "a room held on the phone is seen on the laptop with its time left, paid there once, and the phone then shows it booked",
        arguments: SandboxFixture.Route.allCases)
    func paidOnTheOtherDevice(route: SandboxFixture.Route) async throws {
        let devices = try Devices(route: route)
        let offer = try await devices.phoneHolds()

        let launch = await devices.laptop.launch()
        let held = try #require(launch.heldElsewhere.first)
        #expect(launch.heldElsewhere.count == 1)
        #expect(held.propertyName == offer.propertyName)
        #expect(held.price == offer.quote.price)
        #expect((890...900).contains(devices.laptop.secondsLeft(on: held)))

        guard case .held(let taken) = try await devices.laptop.takeOver(held) else {
            Issue.record("the laptop could not take the room over")
            return
        }
        #expect(taken.hold.price == offer.quote.price)
        try await devices.laptop.pay(with: PaymentToken("tok_visa"), guest: BookingFlow.Samples.guest)
        let paid = try await devices.laptop.waitUntilAtRest(timeout: Poll.defaultTimeout)
        guard case .confirmed(let settled) = paid.stage else {
            Issue.record("the laptop's payment ended \(paid.stage.name)")
            return
        }
        #expect(try await devices.charges() == 1)
        #expect(try await devices.laptop.holdsElsewhere().isEmpty)

        // The phone, launched again, shows the room booked from the other
        // device, with its trip, and offers no payment.
        let phone = try await devices.relaunchPhone()
        guard try await Devices.showsBookedElsewhere(phone) else { return }
        let shown = await phone.state
        #expect(shown.title == "Booked on another device")
        #expect(shown.enabledActions == [.back])
        #expect(try await phone.savedTrips().map(\.id) == [settled.booking.id])
        #expect(try await devices.charges() == 1)
        await devices.sandbox.stop()
    }

    /// Simulation seeds 1355 and 2594 (the second device, 2026-12-06): the
    /// launch's reconciliation saved the phone's attempt booked elsewhere
    /// before the flow's own read of the hold was answered; that read was
    /// refused as superseded and taken as "unreachable", leaving the phone
    /// checking its hold instead of saying it was booked.
    @Test("a hold read after another process here saved it booked elsewhere still shows booked elsewhere")
    func readAfterTheReconciliationSavedIt() async throws {
        let devices = try Devices(route: .inProcess)
        try await devices.laptopPaysThePhonesRoomAndAnotherPhoneProcessReconciles()
        // Then the phone's countdown ends and its flow reads the hold.
        let attempt = try #require(await devices.phone.state.stage.attemptID)
        let later = devices.phone.runtime.holdNow().advanced(by: .seconds(3600))
        await devices.phone.runtime.flow.send(.holdTimerFired(attempt, now: later))
        #expect(try await Devices.showsBookedElsewhere(devices.phone))
        #expect(try await devices.charges() == 1)
        await devices.sandbox.stop()
    }

    /// The phone's screen still shows its room held when another process
    /// saved the attempt booked on the laptop; Pay then sends nothing and
    /// says what the server said of the hold, not "Replaced by a newer hold".
    @Test("a payment after another process here saved the attempt booked elsewhere says already booked")
    func payAfterTheReconciliationSavedIt() async throws {
        let devices = try Devices(route: .inProcess)
        try await devices.laptopPaysThePhonesRoomAndAnotherPhoneProcessReconciles()
        let paid = try await devices.phone.pay(with: PaymentToken("tok_visa"), guest: BookingFlow.Samples.guest)
        #expect(paid == .failed(.rejected(code: "HOLD_ALREADY_BOOKED")))
        #expect(await devices.phone.state.title == "Already booked")
        #expect(try await devices.charges() == 1)
        await devices.sandbox.stop()
    }

    /// Simulation seed 1871 (the second device): a device whose own hold's
    /// answer was lost listed that hold as held on another device.
    @Test("a hold whose answer this device lost is not listed here as held elsewhere; the other device lists it")
    func aLostHoldAnswerIsNotHeldElsewhere() async throws {
        let devices = try Devices(route: .inProcess)
        await devices.phone.launch()
        let offer = try await ClientFixture(sandbox: devices.sandbox, client: devices.phone).firstOffer()
        devices.sandbox.transport.inject(.init("POST", "/v1/holds", fault: "drop-response-after-commit", times: 20))
        #expect(try await devices.phone.hold(offer) == .failed(.holdNotKnown))
        devices.sandbox.transport.clearFaults()
        #expect(try await devices.sandbox.liveHolds().count == 1)
        #expect(try await devices.phone.holdsElsewhere().isEmpty)
        #expect(try await devices.laptop.holdsElsewhere().count == 1)
        await devices.sandbox.stop()
    }

    @Test("the phone and the laptop paying one hold at once charge once", arguments: SandboxFixture.Route.allCases)
    func payingOneHoldAtOnce(route: SandboxFixture.Route) async throws {
        let devices = try Devices(route: route)
        _ = try await devices.phoneHolds()
        let held = try #require(try await devices.laptop.holdsElsewhere().first)
        guard case .held = try await devices.laptop.takeOver(held) else {
            Issue.record("the laptop could not take the room over")
            return
        }
        async let phonePaid = devices.phone.pay(with: PaymentToken("tok_visa"), guest: BookingFlow.Samples.guest)
        async let laptopPaid = devices.laptop.pay(with: PaymentToken("tok_visa"), guest: BookingFlow.Samples.guest)
        _ = try await (phonePaid, laptopPaid)
        let phone = try await devices.phone.waitUntilAtRest(timeout: Poll.defaultTimeout)
        let laptop = try await devices.laptop.waitUntilAtRest(timeout: Poll.defaultTimeout)
        #expect(try await devices.charges() == 1)
        let kinds = [phone.stage.kind, laptop.stage.kind]
        #expect(kinds.filter { $0 == .confirmed }.count == 1, "\(kinds)")
        // The other was refused by the server, and says so: nothing charged.
        let refused = [phone, laptop].first { $0.stage.kind != .confirmed }
        #expect(refused?.title == "Already booked")
        await devices.sandbox.stop()
    }

    /// Simulation seed 11858 (2026-12-06): letting go of another device's
    /// room saved a row that became this device's latest attempt, so the
    /// room it kept to pay again after a decline counted as let go: the
    /// next launch offered nothing and released it.
    @Test(
        "a room kept to pay again after a decline is still offered after letting go of the laptop's room, and pays once",
        arguments: SandboxFixture.Route.allCases)
    func payAgainAfterLettingGo(route: SandboxFixture.Route) async throws {
        let devices = try Devices(route: route)
        _ = try await devices.phoneHolds()
        let declined = try await devices.phone.pay(
            with: PaymentToken("tok_chargeDeclined"), guest: BookingFlow.Samples.guest)
        #expect(declined == .declined)
        let kept = try #require(try await devices.sandbox.liveHolds().first)
        // The laptop holds a room of its own; the phone lets it go.
        await devices.laptop.launch()
        let offers = try await devices.laptop.offers(
            at: "plc_lisbon", checkIn: CalendarDate("2026-12-01")!, checkOut: CalendarDate("2026-12-03")!, guests: 2)
        try await devices.laptop.hold(try #require(offers.items.last))
        let laptops = try #require(try await devices.phone.holdsElsewhere().first)
        try await devices.phone.letGo(laptops)
        #expect(try await devices.sandbox.liveHolds() == [kept])

        // Launched again, the phone offers to pay the kept room again; it pays it once.
        let phone = try await devices.relaunchPhone()
        let shown = try await phone.waitUntilAtRest(timeout: Poll.defaultTimeout)
        #expect(shown.enabledActions.contains(.retry), "the phone shows \(shown.stage.name)")
        #expect(try await devices.sandbox.liveHolds() == [kept])
        guard case .held = try await phone.retry() else {
            Issue.record("the kept room was not held again: \(await phone.state.stage.name)")
            return
        }
        let paid = try await phone.pay(with: PaymentToken("tok_visa"), guest: BookingFlow.Samples.guest)
        if case .confirmed = paid {} else { Issue.record("expected a booking, got \(paid)") }
        #expect(try await devices.charges() == 1)
        await devices.sandbox.stop()
    }

    @Test("a room let go on the laptop ends on the phone", arguments: SandboxFixture.Route.allCases)
    func letGoOnTheOtherDevice(route: SandboxFixture.Route) async throws {
        let devices = try Devices(route: route)
        _ = try await devices.phoneHolds()
        let held = try #require(try await devices.laptop.holdsElsewhere().first)
        try await devices.laptop.letGo(held)
        #expect(try await devices.sandbox.liveHolds().isEmpty)
        #expect(try await devices.laptop.holdsElsewhere().isEmpty)

        let phone = try await devices.relaunchPhone()
        #expect(try await phone.waitUntilAtRest(timeout: Poll.defaultTimeout).stage.kind == .expired)
        #expect(try await devices.charges() == 0)
        await devices.sandbox.stop()
    }

    @Test(
        "a room the laptop let go while the phone paid it is freed once the phone leaves the bank's page",
        arguments: SandboxFixture.Route.allCases)
    func letGoWhileThePhonePays(route: SandboxFixture.Route) async throws {
        let devices = try Devices(route: route)
        _ = try await devices.phoneHolds()
        let held = try #require(try await devices.laptop.holdsElsewhere().first)
        guard
            case .needsBankPage = try await devices.phone.pay(
                with: PaymentToken("tok_threeDSecureRequired"), guest: BookingFlow.Samples.guest)
        else {
            Issue.record("the phone's payment did not wait for the bank")
            return
        }
        // Refused (409): the phone's booking uses the room. The server keeps
        // that answer for the release's key, which every device sends.
        try await devices.laptop.letGo(held)
        #expect(await devices.phone.state.stage.kind == .actionRequired)

        // Back on the bank's page: the booking ends and the phone gives the
        // room up. Its next launch sends whatever release is still owed.
        try await devices.phone.back()
        _ = try await devices.relaunchPhone()
        #expect(try await devices.sandbox.liveHolds().isEmpty)
        #expect(try await devices.charges() == 0)
        await devices.sandbox.stop()
    }

    @Test(
        "a stay booked on the laptop is refused on the phone with nothing charged, and booked again only on purpose",
        arguments: SandboxFixture.Route.allCases)
    func aStayBookedOnTheOtherDevice(route: SandboxFixture.Route) async throws {
        let devices = try Devices(route: route)
        let offer = try await devices.phoneHolds()
        // The laptop books the same stay through a hold of its own: it has
        // no trip of it, so nothing asks.
        await devices.laptop.launch()
        guard case .held = try await devices.laptop.hold(offer) else {
            Issue.record("the laptop did not hold the room")
            return
        }
        guard
            case .confirmed(let laptopTrip) = try await devices.laptop.pay(
                with: PaymentToken("tok_visa"), guest: BookingFlow.Samples.guest)
        else {
            Issue.record("the laptop's payment was not confirmed")
            return
        }

        // The phone's payment of its own hold: refused by the server, which
        // sees both devices. Nothing charged; the booking is in its trips.
        let phonesRoom = try #require(try await devices.sandbox.liveHolds().first)
        let refused = try await devices.phone.pay(with: PaymentToken("tok_visa"), guest: BookingFlow.Samples.guest)
        #expect(refused == .failed(.rejected(code: "STAY_ALREADY_BOOKED")))
        #expect(await devices.phone.state.title == "You already booked this stay")
        #expect(try await devices.charges() == 1)
        #expect(try await devices.phone.savedTrips().map(\.id) == [laptopTrip.id])
        // Its room is given up at once: no screen offers to pay it.
        _ = await devices.sandbox.transport.arrival("POST", "/v1/holds/\(phonesRoom)/release")
        await devices.phone.runtime.repository.releaseSettled(HoldID(phonesRoom))
        #expect(try await devices.sandbox.liveHolds().isEmpty)

        // Its next Hold of the stay asks; held again on purpose, it pays.
        try await devices.phone.back()
        await #expect(throws: BookingClientError.alreadyBooked(laptopTrip.id)) {
            try await devices.phone.hold(offer)
        }
        guard case .held = try await devices.phone.hold(offer, bookingAgain: true) else {
            Issue.record("the phone did not hold the room again on purpose")
            return
        }
        guard
            case .confirmed = try await devices.phone.pay(
                with: PaymentToken("tok_visa"), guest: BookingFlow.Samples.guest)
        else {
            Issue.record("the second room was not booked")
            return
        }
        #expect(try await devices.charges() == 2)
        await devices.sandbox.stop()
    }

    @Test("a hold of another account, taken over, ends expired: the server does not find it, nothing is charged")
    func anotherAccountsHold() async throws {
        let devices = try Devices(route: .inProcess)
        await devices.laptop.launch()
        let offer = try await ClientFixture(sandbox: devices.sandbox, client: devices.laptop).firstOffer()
        let theirs = try await devices.sandbox.client(account: "other").createHold(
            offer: offer.id, quote: offer.quote.id, key: IdempotencyKey("other-device-hold"))
        let forged = HeldElsewhere(theirs, sentAt: MonotonicInstant.origin)
        #expect(try await devices.laptop.takeOver(forged) == .expired)
        #expect(try await devices.sandbox.liveHolds(account: "other") == [theirs.holdId.rawValue])
        #expect(devices.laptop.secondsLeft(in: await devices.laptop.state) == nil)
        await devices.sandbox.stop()
    }
}
