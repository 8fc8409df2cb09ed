import BookingPrimitives
import Foundation

/// The delegate of every API session: it reads each answer's body as it
/// arrives and stops one byte past the request's cap (`maximumBodyBytes`),
/// and refuses every redirect (`RedirectRefusal`).
///
/// `URLSession.data(for:)` holds the whole body before it returns, however
/// large: a 1,000 MB answer took the CLI to over a gigabyte resident. Here
/// the task is cancelled as soon as the body passes its cap, and what was
/// read (cap + 1 bytes at most) comes back as the answer, so the caller can
/// tell it is too large. A task of a cancelled Swift task is cancelled too,
/// so a call's own deadline ends the exchange, not only the time between
/// two bytes.
final class ResponseReader: NSObject, URLSessionDataDelegate, Sendable {
    /// The one instance: what it keeps is per task.
    static let shared = ResponseReader()

    /// One answer as read.
    struct Answer {
        /// The status line and headers.
        let response: HTTPURLResponse
        /// The body, or its first cap + 1 bytes (none when the announced
        /// length was over the cap).
        let body: Data
        /// Whether reading stopped at the cap.
        let isOverLimit: Bool
    }

    private struct Reading {
        let continuation: CheckedContinuation<Answer, any Error>
        let cap: Int?
        var body = Data()
        var overCap = false
    }

    private let readings = Locked<[ObjectIdentifier: Reading]>([:])

    /// Sends `request` on `session` and reads its answer, at most `cap` + 1
    /// bytes of body.
    func read(_ request: URLRequest, cap: Int?, on session: URLSession) async throws -> Answer {
        let task = session.dataTask(with: request)
        let id = ObjectIdentifier(task)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                readings.withLock { $0[id] = Reading(continuation: continuation, cap: cap) }
                task.resume()
            }
        } onCancel: {
            task.cancel()
        }
    }

    /// An announced length over the cap ends the exchange before any body.
    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let tooLong = readings.withLock { readings -> Bool in
            let id = ObjectIdentifier(dataTask)
            guard let cap = readings[id]?.cap, response.expectedContentLength > Int64(cap) else { return false }
            readings[id]?.overCap = true
            return true
        }
        // Allowed, then cancelled: FoundationNetworking took over a second
        // to end a task refused with `.cancel` (measured on a 1,000 MB answer).
        completionHandler(.allow)
        if tooLong { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let stop = readings.withLock { readings -> Bool in
            let id = ObjectIdentifier(dataTask)
            guard var reading = readings[id], !reading.overCap else { return false }
            if let cap = reading.cap, reading.body.count + data.count > cap {
                reading.body.append(data.prefix(cap + 1 - reading.body.count))
                reading.overCap = true
            } else {
                reading.body.append(data)
            }
            readings[id] = reading
            return reading.overCap
        }
        if stop { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let reading = readings.withLock({ $0.removeValue(forKey: ObjectIdentifier(task)) }) else { return }
        let response = task.response as? HTTPURLResponse
        if let response, reading.overCap || error == nil {
            reading.continuation.resume(
                returning: Answer(response: response, body: reading.body, isOverLimit: reading.overCap))
        } else {
            reading.continuation.resume(throwing: error ?? TransportError(.connectionLost, "not an HTTP response"))
        }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        RedirectRefusal.shared.urlSession(
            session, task: task, willPerformHTTPRedirection: response, newRequest: request,
            completionHandler: completionHandler)
    }
}
