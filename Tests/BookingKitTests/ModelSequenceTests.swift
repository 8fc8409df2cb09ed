import BookingKit
import BookingTestSupport
import Foundation
import Observation
import Testing

/// The exact values `BookingModel` publishes through a hold and a payment,
/// as Observation reports them to a screen, each stage with its countdown
/// in the same value; and the first state of a stream asked for before
/// `launch()`.
@Suite("BookingModel sequence", .hangLimit)
@MainActor
struct ModelSequenceTests {
    @Test("a hold and a payment publish exactly browsing … confirmed, each stage with its own countdown")
    func exactSequence() async throws {
        let fixture = try ClientFixture()
        let model = BookingModel(client: fixture.client)
        var seen: [BookingModel.Snapshot] = []
        let watching = Task { @MainActor in
            while !Task.isCancelled {
                if seen.last != model.snapshot { seen.append(model.snapshot) }
                await withCheckedContinuation { (changed: CheckedContinuation<Void, Never>) in
                    withObservationTracking {
                        _ = model.snapshot
                    } onChange: {
                        changed.resume()
                    }
                }
            }
        }
        let running = Task { await model.run() }
        defer { running.cancel() }
        await until(model) { $0.launchReport != nil }
        let held = await model.hold(try await fixture.firstOffer())
        guard case .held? = held else {
            Issue.record("not held: \(String(describing: held))")
            return
        }
        let paid = await model.pay(with: PaymentToken("tok_visa"), guest: BookingFlow.Samples.guest)
        guard case .confirmed? = paid else {
            Issue.record("not confirmed: \(String(describing: paid))")
            return
        }
        await until(model) { $0.state.stage.isFinal }
        watching.cancel()
        if seen.last != model.snapshot { seen.append(model.snapshot) }

        // Consecutive values of one stage differ only by the countdown's tick.
        var stages: [String] = []
        for value in seen where stages.last != value.state.stage.name { stages.append(value.state.stage.name) }
        #expect(
            stages == ["browsing", "offerChosen", "requestingHold", "held", "submitting", "confirmed"], "\(stages)")
        for value in seen {
            let name = value.state.stage.name
            if name == "held" {
                let seconds = try #require(value.countdownSeconds, "held with no countdown")
                #expect((1...900).contains(seconds))
            } else {
                #expect(value.countdownSeconds == nil, "\(name) with a countdown")
            }
        }
        await fixture.sandbox.stop()
    }

    @Test("states() asked for before launch() yields the restored state first")
    func restoredStateFirst() async throws {
        let fixture = try ClientFixture()
        await fixture.client.launch()
        try await fixture.client.hold(try await fixture.firstOffer())

        let next = try ClientFixture.client(sandbox: fixture.sandbox)
        var states = await next.states().makeAsyncIterator()
        let launching = Task { await next.launch() }
        let first = await states.next()
        #expect(first?.stage.attemptID != nil, "first: \(first?.stage.name ?? "none")")
        #expect(first?.stage.kind != .browsing)
        _ = await launching.value
        await fixture.sandbox.stop()
    }

    /// Waits until `condition` holds for the model, at each change Observation reports.
    private func until(_ model: BookingModel, _ condition: @escaping @MainActor (BookingModel) -> Bool) async {
        while !condition(model) {
            await withCheckedContinuation { (changed: CheckedContinuation<Void, Never>) in
                withObservationTracking {
                    _ = condition(model)
                } onChange: {
                    changed.resume()
                }
            }
        }
    }
}
