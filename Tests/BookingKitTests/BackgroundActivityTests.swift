import BookingAPI
import BookingKit
import BookingPrimitives
import BookingTestSupport
import Foundation
import TestSupport
import Testing

/// While a payment, a cancellation or a change of dates is in flight, the
/// client holds the platform's permission to keep running (Apple's
/// expiring activity; on Linux there is nothing to hold), asked before the
/// request leaves and released when it settles, or forgotten when the
/// system says time is up. Recorded through the seam, beside the requests
/// as they leave. In-process and over real HTTP on loopback.
@Suite(.hangLimit) struct BackgroundActivityTests {
    /// The permission as the system would grant it, and the requests as
    /// they leave, in one list; `expiresAtOnce`: the system says time is
    /// up as soon as it is asked.
    final class Recording: BackgroundActivity, Transport {
        let events = Watched<[String]>([])
        let base: any Transport
        let expiresAtOnce: Bool

        init(_ base: any Transport, expiresAtOnce: Bool = false) {
            self.base = base
            self.expiresAtOnce = expiresAtOnce
        }

        func begin(_ reason: String, expired: @escaping @Sendable () -> Void) -> (@Sendable () -> Void)? {
            events.change { $0.append("begin \(reason)") }
            if expiresAtOnce {
                events.change { $0.append("expired") }
                expired()
            }
            return { [events] in events.change { $0.append("end") } }
        }

        func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
            if request.method == "POST" { events.change { $0.append("POST \(request.url.path)") } }
            return try await base.send(request)
        }
    }

    /// A client on `route` whose permission and requests `recording` notes.
    static func client(_ route: SandboxFixture.Route, expiresAtOnce: Bool = false) throws -> (
        fixture: ClientFixture, recording: Recording
    ) {
        let sandbox = try SandboxFixture(route: route)
        let recording = Recording(sandbox.transport, expiresAtOnce: expiresAtOnce)
        var configuration = ClientFixture.configuration(sandbox: sandbox)
        configuration.transport = recording
        var seams = BookingClient.Seams(dependencies: Dependencies(sleeper: NoSleeper()))
        seams.backgroundActivity = recording
        return (ClientFixture(sandbox: sandbox, client: try BookingClient(configuration, seams: seams)), recording)
    }

    /// The events from the first permission asked for on.
    static func fromFirstBegin(_ events: [String]) -> [String] {
        Array(events.drop { !$0.hasPrefix("begin") })
    }

    @Test(arguments: SandboxFixture.Route.allCases)
    func aPaymentHoldsThePermissionFromBeforeItLeavesUntilItSettles(route: SandboxFixture.Route) async throws {
        let (fixture, recording) = try Self.client(route)
        await fixture.client.launch()
        guard case .held = try await fixture.client.hold(try await fixture.firstOffer()) else {
            Issue.record("the room was not held")
            return
        }
        #expect(!recording.events.value.contains { $0.hasPrefix("begin") }, "nothing held for a hold")
        guard
            case .confirmed = try await fixture.client.pay(
                with: PaymentToken("tok_visa"), guest: BookingFlow.Samples.guest)
        else {
            Issue.record("not confirmed")
            return
        }
        let events = await recording.events.wait { $0.contains("end") } ?? []
        #expect(
            Self.fromFirstBegin(events)
                == ["begin BookingKit: a payment being sent and checked", "POST /v1/bookings", "end"])
        await fixture.sandbox.stop()
    }

    @Test(arguments: SandboxFixture.Route.allCases)
    func aCancellationHoldsItsOwnWhileItRuns(route: SandboxFixture.Route) async throws {
        let (fixture, recording) = try Self.client(route)
        let booked = try await fixture.holdFirstOfferAndPay(with: "tok_visa")
        let id = try #require(booked.tripToLoad)
        _ = await recording.events.wait { $0.contains("end") }
        recording.events.change { $0.removeAll() }
        #expect(try await fixture.client.cancel(id).status == .cancelled)
        #expect(
            recording.events.value
                == ["begin BookingKit: a cancellation being sent", "POST /v1/bookings/\(id)/cancel", "end"])
        await fixture.sandbox.stop()
    }

    /// The system says time is up at once: the permission is forgotten
    /// (never ended twice), and the payment still ends confirmed, its row
    /// saved before anything left.
    @Test func timeUpEndsThePermissionNotThePayment() async throws {
        let (fixture, recording) = try Self.client(.inProcess, expiresAtOnce: true)
        let state = try await fixture.holdFirstOfferAndPay(with: "tok_visa")
        #expect(state.stage.kind == .confirmed)
        let events = Self.fromFirstBegin(recording.events.value)
        #expect(Array(events.prefix(2)) == ["begin BookingKit: a payment being sent and checked", "expired"])
        #expect(!events.contains("end"), "a permission the system ended is not ended again: \(events)")
        await fixture.sandbox.stop()
    }
}
