import BookingAPI
import Foundation

/// An in-process double that answers with scripted responses, for the fast
/// tests of decoding and policy (the real sandbox covers the rest).
final class ScriptedTransport: Transport, @unchecked Sendable {
    enum Step {
        case answer(Int, [String: String], String)
        case fail(TransportError)
    }
    private let lock = NSLock()
    private var steps: [Step]
    private(set) var sent: [TransportRequest] = []

    init(_ steps: [Step]) { self.steps = steps }

    var requests: [TransportRequest] {
        lock.lock()
        defer { lock.unlock() }
        return sent
    }

    private func next(_ request: TransportRequest) -> Step {
        lock.lock()
        defer { lock.unlock() }
        sent.append(request)
        return steps.isEmpty ? .fail(TransportError(.cannotConnect, "script ended")) : steps.removeFirst()
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
final class RecordingSleeper: Sleeper, @unchecked Sendable {
    private let lock = NSLock()
    private var waits: [Duration] = []
    var recorded: [Duration] {
        lock.lock()
        defer { lock.unlock() }
        return waits
    }
    private func add(_ d: Duration) {
        lock.lock()
        waits.append(d)
        lock.unlock()
    }
    func sleep(for duration: Duration) async throws { add(duration) }
}
