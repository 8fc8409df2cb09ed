import BookingAPI
import BookingCore
import BookingHTTPServer
import BookingKit
import BookingTestSupport
import Foundation
import Testing

/// An answer that does not match what was asked is never applied: a hold
/// granted at another price than quoted asks the user again, and a booking
/// answer for another hold or key is an unknown outcome, settled by looking
/// the attempt up by its own key. Real HTTP over loopback, the real sandbox
/// behind a front that rewrites the one answer.
@Suite struct UntrustedAnswerTests {
    @Test func aHoldGrantedAtTenTimesTheQuotedPriceAsksTheUserAgainAndIsNeverPaid() async throws {
        let world = try RewritingFront { request, response in
            guard request.method == "POST", request.path == "/v1/holds", response.status == 201 else { return response }
            return RewritingFront.rewritingJSON(response) { body in
                guard var price = body["price"] as? [String: Any] else { return }
                for line in ["nightly", "taxes", "fees", "total"] {
                    guard var money = price[line] as? [String: Any], let amount = money["amount"] as? Int else {
                        continue
                    }
                    money["amount"] = amount * 10
                    price[line] = money
                }
                body["price"] = price
                // Terms that agree with the new price: only the price is untrusted here.
                if var terms = body["cancellation"] as? [String: Any], var penalty = terms["penalty"] as? [String: Any],
                    let amount = penalty["amount"] as? Int
                {
                    penalty["amount"] = amount * 10
                    terms["penalty"] = penalty
                    body["cancellation"] = terms
                }
            }
        }
        let offer = try await world.firstOffer()
        let attempt = AttemptID(UUID().uuidString.lowercased())
        await world.flow.send(.guestEntered(BookingFlow.Samples.guest))
        await world.flow.send(.offerChosen(offer))
        await world.flow.send(.holdTapped(attempt: attempt, key: IdempotencyKey(UUID().uuidString.lowercased())))
        let state = await world.waitFor { $0.stage.kind != .requestingHold && $0.stage.kind != .offerChosen }
        #expect(state.stage.kind == .priceChanged, "got \(state.stage.name)")
        if case .priceChanged(let changed) = state.stage {
            #expect(changed.newQuote.price.total.minorUnits == offer.quote.price.total.minorUnits * 10)
        }
        // A tap on pay now is a no-op: nothing is held and payable.
        await world.flow.send(.payTapped(PaymentToken("tok_visa"), now: .origin))
        #expect(await world.flow.state == state)  // nothing changed, so nothing was asked for
        #expect(!world.requests.contains { $0.hasPrefix("POST /v1/bookings") })
        #expect(try await world.api.sandboxLedger().chargeCount == 0)
        #expect(try await world.runtime.repository.attempt(attempt)?.phase == .abandoned)
        await world.stop()
    }

    @Test(arguments: ["holdId", "idempotencyKey"])
    func aBookingAnswerForAnotherHoldOrKeyIsNeverConfirmedAndTheAttemptIsLookedUpByKey(field: String) async throws {
        let forged = BookingID("bkg_forged0000")
        let world = try RewritingFront { request, response in
            guard request.method == "POST", request.path == "/v1/bookings", response.status == 201 else {
                return response
            }
            return RewritingFront.rewritingJSON(response) { body in
                body["bookingId"] = forged.rawValue
                body[field] = field == "holdId" ? "hld_someoneelse" : "another-attempts-key"
            }
        }
        let offer = try await world.firstOffer()
        let attempt = AttemptID(UUID().uuidString.lowercased())
        let key = IdempotencyKey(UUID().uuidString.lowercased())
        await world.flow.send(.offerChosen(offer))
        await world.flow.send(.holdTapped(attempt: attempt, key: key))
        #expect(await world.waitFor { $0.stage.kind == .held }.stage.kind == .held)
        await world.flow.send(.guestEntered(BookingFlow.Samples.guest))
        await world.flow.send(.payTapped(PaymentToken("tok_visa"), now: .origin))
        let final = await world.waitFor { $0.stage.isFinal }
        guard case .confirmed(let settled) = final.stage else {
            Issue.record("expected confirmed by the lookup, got \(final.stage.name)")
            await world.stop()
            return
        }
        #expect(settled.booking.id != forged)
        let record = try #require(try await world.runtime.repository.attempt(attempt))
        #expect(record.bookingID == settled.booking.id)
        #expect(try await world.runtime.repository.hasTrip(forged) == false)
        #expect(world.requests.contains { $0.hasPrefix("GET /v1/bookings?attempt=\(key.rawValue)") })
        #expect(world.requests.filter { $0.hasPrefix("POST /v1/bookings") }.count == 1)
        #expect(try await world.api.sandboxLedger().chargeCount == 1)
        await world.stop()
    }
}
