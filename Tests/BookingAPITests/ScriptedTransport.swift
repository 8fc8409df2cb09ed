import BookingAPI
import BookingPrimitives
import Foundation

/// An in-process double that answers with scripted responses, for the fast
/// tests of decoding and policy (the real sandbox covers the rest).
final class ScriptedTransport: Transport, Sendable {
    enum Step {
        case answer(Int, [String: String], String)
        case fail(TransportError)
    }
    /// The steps left and the requests sent so far.
    private let script: Locked<(steps: [Step], sent: [TransportRequest])>

    init(_ steps: [Step]) { script = Locked((steps, [])) }

    var requests: [TransportRequest] { script.withLock { $0.sent } }

    private func next(_ request: TransportRequest) -> Step {
        script.withLock { script in
            script.sent.append(request)
            return script.steps.isEmpty
                ? .fail(TransportError(.cannotConnect, "script ended")) : script.steps.removeFirst()
        }
    }

    func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
        switch next(request) {
        case .answer(let status, let headers, let body):
            return TransportResponse(status: status, headers: headers, body: Data(body.utf8))
        case .fail(let error): throw error
        }
    }
}

/// Records waits and returns at once.
final class RecordingSleeper: Sleeper {
    private let waits = Locked<[Duration]>([])
    var recorded: [Duration] { waits.withLock { $0 } }
    func sleep(for duration: Duration) async throws { waits.withLock { $0.append(duration) } }
}
