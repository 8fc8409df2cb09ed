import BookingCore
import Testing

/// Every event sent to every state: each pair has an answer, and only the
/// allowed states emit a payment or a hold request.
@Suite struct FlowTableTests {
    typealias Flow = BookingFlow

    @Test func theTableCoversEveryStage() {
        let names = Set(FlowStates.all.map(\.stage.name))
        #expect(
            names == [
                "browsing", "offerChosen", "requestingHold", "held", "checkingHold", "priceChanged",
                "submitting", "unknown", "actionRequired", "processing", "confirmed", "failed",
                "expired", "cancelled", "notPaid", "signInRequired",
            ])
    }

    @Test func onlyHeldOnlineEmitsANewPaymentAndOnlyAnEmptyLookupResendsIt() {
        var pays = 0
        var resends = 0
        for state in FlowStates.all {
            for event in FlowStates.events(for: state) {
                let (_, effects) = Flow.reduce(state, event)
                for case .pay(let request) in effects {
                    if request.isResend {
                        resends += 1
                        #expect(state.stage.kind == .unknown, "\(state.stage.name) + \(event.name)")
                        #expect(event.name == "attemptLookedUp(notFound)", "resend from \(event.name)")
                        #expect(request.key == Fix.k1, "a resend with another key")
                        continue
                    }
                    pays += 1
                    #expect(state.stage.kind == .held && state.isOnline, "\(state.stage.name) + \(event.name)")
                    if case .payTapped = event {} else { Issue.record("pay from \(event.name)") }
                }
            }
        }
        #expect(pays > 0)
        #expect(resends > 0)
    }

    @Test func onlyOfferPriceChangeFailureOrExpiryOnlineEmitRequestHold() {
        let allowed: Set<String> = ["offerChosen", "priceChanged", "failed", "expired", "notPaid"]
        var holds = 0
        for state in FlowStates.all {
            for event in FlowStates.events(for: state) {
                let (_, effects) = Flow.reduce(state, event)
                guard effects.hasRequestHold else { continue }
                holds += 1
                #expect(allowed.contains(state.stage.name) && state.isOnline, "\(state.stage.name) + \(event.name)")
            }
        }
        #expect(holds >= 4)
    }

    @Test func staleEventsChangeNothingAnywhere() {
        for state in FlowStates.all {
            let current = state.stage.attemptID
            for event in FlowStates.events(for: state) where event.attemptID != nil && event.attemptID != current {
                let (next, effects) = Flow.reduce(state, event)
                #expect(next == state, "\(state.stage.name) + \(event.name)")
                #expect(effects.isEmpty)
            }
        }
    }

    @Test func connectivityOnlyChangesTheOnlineFlag() {
        for state in FlowStates.all {
            for event in [Flow.Event.wentOffline, .cameOnline] {
                let (next, effects) = Flow.reduce(state, event)
                #expect(next.stage == state.stage)
                #expect(next.isOnline == (event == .cameOnline))
                #expect(effects.isEmpty)
            }
        }
    }

    @Test func reduceIsDeterministic() {
        for state in FlowStates.all {
            for event in FlowStates.events(for: state) {
                let first = Flow.reduce(state, event)
                let second = Flow.reduce(state, event)
                #expect(first.state == second.state && first.effects == second.effects)
            }
        }
    }
}
