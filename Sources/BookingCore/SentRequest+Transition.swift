/// The stages of a flow that settles a durable request (`CancelFlow.State`,
/// `ModifyFlow.State`) for the steps every such request shares; its cases
/// for those steps are the witnesses.
protocol RequestStages {
    /// The request the flow settles.
    associatedtype SettledRequest: DurableRequest
    /// The POST is in flight.
    static func sending(_ progress: SentRequest<SettledRequest>) -> Self
    /// The booking is being read to learn what a post did.
    static func unknown(_ progress: SentRequest<SettledRequest>) -> Self
    /// The request is being saved again under a new key.
    static func renewing(_ progress: SentRequest<SettledRequest>) -> Self
    /// Final for this run: the outcome is not known; the request stays open.
    static func leftOpen(_ detail: String) -> Self
}

extension RequestStages {
    /// Final for this run: the request could not be saved under a new key
    /// (why, for people). It stays open under the spent one.
    static func unsavedRenewal(_ detail: String) -> Self {
        .leftOpen("the request could not be saved under a new key: \(detail)")
    }

    /// Final for this run: the server's answer could not be saved (why, for
    /// people). The request stays open and the next look settles it.
    static func unsavedAnswer(_ detail: String) -> Self {
        .leftOpen("the server's answer could not be saved: \(detail)")
    }
}

/// The effects of a flow that settles a durable request (`CancelFlow.Effect`,
/// `ModifyFlow.Effect`) for the steps every such request shares; its cases
/// are the witnesses.
protocol RequestEffects {
    /// The request the flow settles.
    associatedtype SettledRequest: DurableRequest
    /// Post the request with its key.
    static func post(_ request: SettledRequest) -> Self
    /// Read the booking: what a post did.
    static func lookUp(_ booking: BookingID) -> Self
    /// Close the spent request and save it again under a new key.
    static func renew(_ request: SettledRequest) -> Self
}

extension SentRequest.Step {
    /// This step as a flow's next stage and effects, written once for the
    /// steps every durable request takes alike (a post, a lookup, a renewal,
    /// a run left open). A step that closes the request is the flow's own:
    /// `notSent` saves it as never sent (why, for people), `refused` takes
    /// the server's refusal (its code and message).
    func transition<State: RequestStages, Effect: RequestEffects>(
        notSent: (SentRequest, String) -> (state: State, effects: [Effect]),
        refused: (SentRequest, _ code: String, _ message: String) -> (state: State, effects: [Effect])
    ) -> (state: State, effects: [Effect]) where State.SettledRequest == Request, Effect.SettledRequest == Request {
        switch self {
        case .post(let progress): return (.sending(progress), [.post(progress.request)])
        case .lookUp(let progress): return (.unknown(progress), [.lookUp(progress.request.bookingID)])
        case .closeNotSent(let progress, let detail): return notSent(progress, detail)
        case .refuse(let progress, let code, let message): return refused(progress, code, message)
        case .leaveOpen(let detail): return (.leftOpen(detail), [])
        case .renew(let progress): return (.renewing(progress), [.renew(progress.request)])
        }
    }
}

extension CancelFlow.State: RequestStages {
    typealias SettledRequest = CancelFlow.Request
}

extension CancelFlow.Effect: RequestEffects {
    typealias SettledRequest = CancelFlow.Request
}

extension ModifyFlow.State: RequestStages {
    typealias SettledRequest = ModifyFlow.Request
}

extension ModifyFlow.Effect: RequestEffects {
    typealias SettledRequest = ModifyFlow.Request
}
