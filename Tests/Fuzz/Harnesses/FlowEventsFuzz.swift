// libFuzzer target: the booking flow driven by event sequences. The bytes
// are decoded into events (two attempts' ids, every event kind, booking
// answers with any state and version) and reduced from the start. Checks:
// reduce is deterministic; a first payment only leaves from `held`,
// online, right after its `paymentSubmitted` save, and at most once per
// attempt; a resend (the same payment, same key) only from `unknown` for
// that attempt (on the screen or being checked behind the results), at
// most `maximumResends` times; a final stage takes no effect result;
// versions never go back. A restore of a paid attempt in a
// phase the store cannot hold for it (held, abandoned...) is skipped.
import BookingCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var reader = ByteReader(UnsafeBufferPointer(start: data, count: size))
    var state = BookingFlow.initialState
    var paid: Set<AttemptID> = []
    var resends: [AttemptID: Int] = [:]
    while let event = reader.event(current: state) {
        // The store never saves a paid attempt back into a hold phase, nor
        // abandons or expires it (the schema refuses each): a launch that
        // restores one is not an input that can happen.
        if case .restored(let saved?, _) = event, paid.contains(saved.attempt.id), !saved.phase.mayHaveCharged {
            continue
        }
        let (next, effects) = BookingFlow.reduce(state, event)
        let (again, effectsAgain) = BookingFlow.reduce(state, event)
        precondition(next == again && effects == effectsAgain, "reduce is not deterministic")
        for (index, effect) in effects.enumerated() {
            guard case .pay(let request) = effect else { continue }
            if request.isResend {
                // From `unknown` on the screen, or from the payment left
                // being checked behind the results (Back from `unknown`).
                let resentFrom = [state.stage, state.paymentBeingChecked].compactMap { $0 }.contains {
                    guard case .unknown(let unknown) = $0 else { return false }
                    return unknown.payment.attempt == request.attempt
                }
                guard resentFrom else { preconditionFailure("resend from \(state.stage.name)") }
                precondition(paid.contains(request.attemptID), "a resend of a payment never sent")
                resends[request.attemptID, default: 0] += 1
                precondition(resends[request.attemptID, default: 0] <= BookingFlow.maximumResends, "too many resends")
                continue
            }
            guard case .held = state.stage, state.isOnline else { preconditionFailure("pay from \(state.stage.name)") }
            guard index > 0, case .saveAttemptStatus(let update) = effects[index - 1],
                update.phase == .paymentSubmitted,
                update.attemptID == request.attemptID
            else { preconditionFailure("pay without its save first") }
            precondition(paid.insert(request.attemptID).inserted, "a second payment for one attempt")
        }
        if state.stage.isFinal, event.attemptID != nil { precondition(next.stage == state.stage, "final stage moved") }
        if state.stage.attemptID == next.stage.attemptID, let old = state.stage.version, let new = next.stage.version {
            precondition(new >= old, "version moved back")
        }
        state = next
    }
    return 0
}
