import BookingAPI
import BookingCore
import BookingHTTPServer
import BookingKit
import BookingTestSupport
import Foundation
import Testing

/// Hardening round 3, item 4: the server cancels and refunds, but its
/// answer says `CONFIRMED` at the new version. The client said "nothing
/// was cancelled or refunded" and kept the trip confirmed for good (the
/// later truth had the same version). Now an answer that is not
/// `CANCELLED` is checked with a read of the booking, and the cancellation
/// the server made is saved. Real HTTP over loopback, the real sandbox
/// behind a front that rewrites the cancel answer, a real SQLite file.
@Suite struct BadCancelAnswerTests {
    @Test func aCancelAnsweredAsConfirmedIsReadAgainAndTheRefundTheServerMadeIsSaved() async throws {
        let world = try RewritingFront { request, response in
            guard request.method == "POST", request.path.hasSuffix("/cancel"), response.status == 200 else {
                return response
            }
            return RewritingFront.rewritingJSON(response) { $0["state"] = "CONFIRMED" }
        }
        let (trips, id) = try await world.confirmedTrip()
        let answer = try await trips.cancel(id)
        #expect(answer.state == .cancelled)
        #expect(try await trips.trip(id)?.record.status == .cancelled)
        #expect(world.requests.contains("GET /v1/bookings/\(id.rawValue)"), "\(world.requests)")

        // The next sync agrees, and the server refunded once.
        _ = try await trips.sync()
        #expect(try await trips.trip(id)?.record.status == .cancelled)
        let refunds = try await world.api.sandboxLedger().entries.filter { $0.kind == "refund" }
        #expect(refunds.map(\.bookingId) == [id.rawValue])
        await world.stop()
    }

    /// Issue 36, item 4 (found by the simulation's refusal after the change
    /// ran): the server cancels and refunds, and the answer is a `409
    /// VERSION_CONFLICT` in the contract's shape. The client said "The
    /// server refused this cancellation, so it cancelled nothing" over a
    /// refunded booking. The read after the refusal now decides.
    @Test func aRefusalForACancellationTheServerMadeIsReadAgainAndSavedAsCancelled() async throws {
        let world = try RewritingFront { request, response in
            guard request.method == "POST", request.path.hasSuffix("/cancel"), response.status == 200 else {
                return response
            }
            let body = #"{"error":{"code":"VERSION_CONFLICT","message":"The booking changed."}}"#
            return HTTPResponse(status: 409, headers: ["Content-Type": "application/json"], body: Data(body.utf8))
        }
        let (trips, id) = try await world.confirmedTrip()
        let answer = try await trips.cancel(id)
        #expect(answer.state == .cancelled)
        #expect(try await trips.trip(id)?.record.status == .cancelled)
        #expect(try await trips.cancelRequests(for: id).first?.status == .cancelled)
        #expect(world.requests.contains("GET /v1/bookings/\(id.rawValue)"), "\(world.requests)")
        let refunds = try await world.api.sandboxLedger().entries.filter { $0.kind == "refund" }
        #expect(refunds.map(\.bookingId) == [id.rawValue])
        await world.stop()
    }
}

extension RewritingFront {
    /// Holds and pays the first offer through the flow; returns the trips
    /// over this front and the confirmed booking's id.
    func confirmedTrip() async throws -> (TripRepository, BookingID) {
        // A room free to cancel: its cancel refunds the whole total.
        let offer = try await firstOffer(refundable: true)
        let (attempt, key) = Harness.newAttempt()
        await flow.send(.offerChosen(offer))
        await flow.send(.holdTapped(attempt: attempt, key: key))
        #expect(await waitFor { $0.stage.kind == .held }.stage.kind == .held)
        await flow.send(.guestEntered(BookingFlow.Samples.guest))
        await flow.send(.payTapped(PaymentToken("tok_visa"), now: .origin))
        #expect(await waitFor { $0.stage.isFinal }.stage.kind == .confirmed)
        let trips = try TripRepository(directory: sandbox.clientDirectory, api: api)
        return (trips, try #require(try await trips.trips().first).record.bookingID)
    }
}
