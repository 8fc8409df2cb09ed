/// The steps every durable request shares, written once for the flows that
/// send one (`CancelFlow`, `ModifyFlow`): post it; when an answer is lost,
/// read the booking before sending again; resend with the same key only
/// while the server still has the booking at the version sent, at most
/// `maxSends` posts a run; renew the request under a new key when the
/// server spent the old one on a failure it stored (its replay would
/// answer that failure forever). The version check on the server keeps
/// the request's effect to one, under any number of keys.
///
/// Each flow keeps its own states and turns a `Step` into them; what it
/// does with an answer or a refusal stays its own.
package struct SentRequest<Request: DurableRequest>: Hashable, Sendable {
    /// Posts in one run before the request is left open.
    package static var maxSends: Int { 3 }

    /// The request being settled (a renewal replaces it).
    package private(set) var request: Request
    /// Made by an earlier run (an earlier post may have left).
    package let resumed: Bool
    /// Posts sent in this run, under every key.
    package private(set) var sends = 0
    /// Whether a post of this request may have reached the server (an
    /// earlier run's, or one whose answer was lost): then the booking is
    /// read before anything is sent again.
    package private(set) var mayHaveLeft: Bool
    /// Why the last post had no usable answer, for people.
    package private(set) var lastDetail = "no answer"
    /// The server answered a post of this key with a failure it stored (a
    /// replayed 5xx): nothing sent under the key runs again.
    package private(set) var keySpent = false
    /// A 2xx that said this status instead of the one asked for: the
    /// lookup decides, and a flow may refuse a booking still at the version sent.
    package private(set) var contradiction: BookingStatus?

    /// The progress of `request` at the start of a run.
    package init(request: Request, resumed: Bool) {
        self.request = request
        self.resumed = resumed
        mayHaveLeft = resumed
    }

    /// What the run does next.
    package enum Step: Hashable, Sendable {
        /// Post the request (counted).
        case post(SentRequest)
        /// Read the booking to learn what an earlier post did.
        case lookUp(SentRequest)
        /// Close the request as never sent: every try stayed on the device
        /// and no earlier post may have arrived.
        case closeNotSent(SentRequest, String)
        /// The server refused the request with this code and message.
        case refuse(SentRequest, code: String, message: String)
        /// End the run with the request open; why, for people.
        case leaveOpen(String)
        /// Close the spent request and save it again under a new key.
        case renew(SentRequest)
    }

    /// The first step: a lookup when an earlier post may have reached the
    /// server, else a post.
    package func next() -> Step {
        mayHaveLeft ? .lookUp(self) : post()
    }

    /// The step after a post with no usable answer.
    package func failed(_ failure: PostFailure) -> Step {
        var progress = self
        switch failure {
        case .notSent(let detail) where !mayHaveLeft:
            return .closeNotSent(progress, detail)
        case .rejected(let code, let message):
            return .refuse(progress, code: code, message: message)
        case .waitRequested(let detail):
            // Nothing was sent now; the request stays open.
            return .leaveOpen(detail)
        case .notSent:
            progress.lastDetail = "the server cannot be reached"
        case .lost(let detail):
            progress.lastDetail = detail
        case .keySpent(let detail):
            progress.lastDetail = detail
            progress.keySpent = true
        }
        // The answer is lost or unusable: the request may have been
        // applied. Ask the server before sending again.
        progress.mayHaveLeft = true
        return .lookUp(progress)
    }

    /// The step after a 2xx that said `status` instead of the outcome
    /// asked for: the server's read decides.
    package func contradicted(by status: BookingStatus) -> Step {
        var progress = self
        progress.contradiction = status
        return .lookUp(progress)
    }

    /// The step when the booking reads confirmed at the version sent: the
    /// request did nothing yet. Resent with the same key (the server
    /// replays it, or applies that version's change once), renewed when
    /// the key is spent, left open once the run's posts are used.
    package func atVersionSent() -> Step {
        guard sends < Self.maxSends else { return .leaveOpen(lastDetail) }
        return keySpent ? .renew(self) : post()
    }

    /// The progress once the request is saved again as `renewed` (a new
    /// key): nothing was sent under it yet.
    package func renewed(as renewed: Request) -> SentRequest {
        var progress = self
        progress.request = renewed
        progress.keySpent = false
        progress.mayHaveLeft = false
        return progress
    }

    private func post() -> Step {
        var progress = self
        progress.sends += 1
        return .post(progress)
    }
}
