import BookingCore
import Foundation
import TestSupport
import Testing

/// The payment sub-machine (`PaymentFlow`) that the booking flow embeds: the
/// checks every flow gets, its transition table in ARCHITECTURE.md, the
/// exploration of the booking flow reaching every payment stage and end
/// through the embedding, and how the parent scopes in and maps out.
@Suite struct PaymentFlowTests {
    typealias Flow = BookingFlow
    typealias S = BookingFlow.Samples

    static let begin =
        "<!-- transition table of the payment sub-machine: generated from PaymentFlow.reduce, checked by PaymentFlowTests -->\n"
    static let end = "<!-- end of the payment sub-machine's transition table -->"

    @Test func thePaymentFlowPassesTheChecksEveryFlowGets() async throws {
        let problems = try await onOwnThread { FlowMachineChecks<PaymentFlow>().problems() }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test func architectureMdHoldsTheTransitionTableOfThePaymentFlow() throws {
        try TransitionTableTests.check(
            FlowDiagram.generate(for: PaymentFlow.self), begin: Self.begin, end: Self.end, suite: "PaymentFlowTests")
    }

    /// Exploring the booking flow from its first screen (its sample events,
    /// plus "Use another card" and the abandon answers, which its samples
    /// leave out) reaches every stage the sub-machine embeds, and, scoping
    /// each event into the payment stage it arrives in, every end.
    @Test func exploringTheBookingFlowReachesEveryPaymentStageAndEnd() async throws {
        let (stages, ends) = try await onOwnThread { Self.paymentReached(maxDepth: 9, maxStates: 6_000) }
        #expect(stages == Set(PaymentFlow.embeddedStageNames))
        #expect(ends == Set(PaymentFlow.endNames))
        #expect(PaymentFlow.stageNames == ["ready"] + PaymentFlow.embeddedStageNames + PaymentFlow.endNames)
    }

    @Test func payInHeldStartsTheSubMachineAndSavesBeforeItSends() {
        let pay = Flow.Event.payTapped(Fix.token, now: S.sentAt.advanced(by: .seconds(30)))
        let parent = Flow.reduce(Fix.held(), pay)
        let child = PaymentFlow.reduce(
            .ready, .payTapped(Fix.attempt1, holdID: S.holdID, price: S.price, token: Fix.token, guest: S.guest))
        guard case .submitting(let submitting) = child.state else {
            Issue.record("Pay did not start the payment: \(child.state)")
            return
        }
        #expect(parent.state.stage == .submitting(submitting))
        #expect(parent.effects == child.effects)
        #expect(
            child.effects == [
                .saveAttemptStatus(AttemptChange(attemptID: Fix.a1, phase: .paymentSubmitted, guest: S.guest)),
                .pay(Flow.PaymentRequest(attempt: Fix.attempt1, holdID: S.holdID, token: Fix.token)),
            ])
    }

    @Test func anotherCardEndsTheSubMachineAndTheParentPaysTheSameHoldAnew() throws {
        guard case .actionRequired(let pending) = Fix.actionRequired.stage else {
            Issue.record("the fixture is not a 3-D Secure stage")
            return
        }
        let (a2, k2) = S.nextAttempt(after: Fix.a1)
        let leaving = PaymentFlow.reduce(.actionRequired(pending), .useAnotherCardTapped(attempt: a2, key: k2))
        let ended = PaymentFlow.reduce(leaving.state, .bookingAbandoned(.abandoned(S.booking(.failed, version: 2))))
        #expect(ended.state == .ended(.anotherCard(a2, k2, after: Fix.attempt1, onHold: S.holdID)))
        #expect(ended.effects.isEmpty)
        // The parent maps the end to a new attempt on the same hold, saved before it is read.
        let parent = Flow.reduce(
            Flow.State(stage: Flow.Stage(paymentStage: leaving.state)),
            .bookingAbandoned(Fix.a1, .abandoned(S.booking(.failed, version: 2))))
        let next = Flow.Attempt(id: a2, key: k2, offerID: S.offerID, quoteID: S.quote.id)
        #expect(parent.effects == [.saveAttemptOnHold(next, S.holdID), .readHold(a2, S.holdID)])
        #expect(parent.state.stage.kind == .checkingHold)
    }

    @Test func theParentKeepsItsOwnEventsAndScopesThePayments() {
        #expect(PaymentFlow.Event(.signedIn) == nil)
        #expect(PaymentFlow.Event(.payTapped(Fix.token, now: S.sentAt)) == nil)
        #expect(PaymentFlow.Event(.holdFailed(Fix.a1, .soldOut)) == nil)
        #expect(PaymentFlow.Event(.credentialRefused(Fix.a1)) == nil)
        #expect(PaymentFlow.Event(.holdFailed(Fix.a1, .rejected(code: "X"))) == .holdRefused(code: "X"))
        #expect(PaymentFlow.Event(.payFailed(Fix.a1, .declined)) == .payFailed(.declined))
        // Back from a payment being checked is the parent's: the sub-machine
        // takes no Back there, the parent keeps the payment in the background.
        let submitting = Fix.submitting
        let child = PaymentFlow.State(submitting.stage)
        #expect(child.map { PaymentFlow.reduce($0, .backTapped).state } == child)
        let parent = Flow.reduce(submitting, .backTapped)
        #expect(parent.state.stage == .browsing)
        #expect(parent.state.paymentBeingChecked == submitting.stage)
        #expect(parent.effects.isEmpty)
    }

    /// The payment stages and ends reached from the booking flow's first screen.
    static func paymentReached(maxDepth: Int, maxStates: Int) -> (stages: Set<String>, ends: Set<String>) {
        var seen: Set<Flow.State> = [Flow.explorationStart]
        var frontier = [Flow.explorationStart]
        var stages: Set<String> = []
        var ends: Set<String> = []
        for _ in 0..<maxDepth where !frontier.isEmpty {
            var next: [Flow.State] = []
            for state in frontier {
                let payment = PaymentFlow.State(state.stage)
                if let payment { stages.insert(payment.name) }
                for event in events(for: state) {
                    if let payment, let scoped = PaymentFlow.Event(event),
                        case .ended(let output)? = PaymentFlow.step(payment, scoped)?.state
                    {
                        ends.insert(output.name)
                    }
                    let reached = Flow.reduce(state, event).state
                    if seen.count < maxStates, seen.insert(reached).inserted { next.append(reached) }
                }
            }
            frontier = next
        }
        return (stages, ends)
    }

    private static func events(for state: Flow.State) -> [Flow.Event] {
        var events = Flow.sampleEvents(for: state)
        guard let a = state.stage.attemptID else { return events }
        let (nextID, nextKey) = S.nextAttempt(after: a)
        events += [
            .useAnotherCardTapped(attempt: nextID, key: nextKey),
            .bookingAbandoned(a, .abandoned(S.booking(.failed, version: 2))),
            .bookingAbandoned(a, .passed(S.booking(.processing, version: 2))),
            .bookingAbandoned(a, .unreachable),
        ]
        return events
    }
}

extension BookingFlow.Stage {
    /// The booking flow's stage for a payment sub-machine's state in a payment stage.
    fileprivate init(paymentStage: PaymentFlow.State) {
        switch paymentStage {
        case .submitting(let s): self = .submitting(s)
        case .unknown(let s): self = .unknown(s)
        case .actionRequired(let s): self = .actionRequired(s)
        case .processing(let s): self = .processing(s)
        case .ready, .ended: self = .browsing
        }
    }
}
