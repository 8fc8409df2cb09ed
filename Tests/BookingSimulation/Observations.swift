import Foundation

/// What one simulated run saw: the violations of the promises, the faults
/// injected by kind, the effect boundaries passed, the requests sent. Shared
/// by the transport, the boundary hook and the simulation; locked.
public final class Observations: @unchecked Sendable {
    /// One request as the network saw it.
    public struct Request: Sendable, CustomStringConvertible {
        /// Virtual time it was sent at.
        public var at: Duration
        /// `GET` or `POST`.
        public var method: String
        /// Path and query.
        public var target: String
        /// The Idempotency-Key, if any.
        public var key: String?
        /// The fault put on it, if any.
        public var fault: SimulatedFault?
        /// The status the client got (nil: no answer).
        public var status: Int?
        /// The process that sent it, when not the app (`cli`).
        public var process: String?

        public var description: String {
            if method == "DIED" { return "t=\(at) -- the process died \(target)" }
            if method == "RUN" { return "t=\(at) -- second process: \(target)" }
            let by = process.map { "[\($0)] " } ?? ""
            return
                "t=\(at) \(by)\(method) \(target)\(fault.map { " [\($0.name)]" } ?? "") -> \(status.map(String.init) ?? "no answer")"
        }
    }

    private let lock = NSLock()
    private var violationList: [String] = []
    private var faultCounts: [SimulatedFault: Int] = [:]
    private var boundaryCounts: [String: Int] = [:]
    private var requestList: [Request] = []
    private var deathCounts: [String: Int] = [:]

    /// Creates an empty record.
    public init() {}

    /// Records a broken promise (`I1`...`I7` first).
    public func violation(_ text: String) {
        locked { violationList.append(text) }
    }

    /// Records an injected fault.
    public func fault(_ kind: SimulatedFault) {
        locked { faultCounts[kind, default: 0] += 1 }
    }

    /// Records a boundary passed (or died at).
    public func boundary(_ name: String) {
        locked { boundaryCounts[name, default: 0] += 1 }
    }

    /// Records a process death at a boundary (it shows in the trace too).
    public func death(at boundary: String, time: Duration) {
        locked {
            deathCounts[boundary, default: 0] += 1
            requestList.append(
                Request(at: time, method: "DIED", target: "at \(boundary)", key: nil, fault: nil, status: nil))
        }
    }

    /// Records a command the second process ran (it shows in the trace).
    public func command(_ text: String, time: Duration) {
        locked {
            requestList.append(Request(at: time, method: "RUN", target: text, key: nil, fault: nil, status: nil))
        }
    }

    /// Records a request; returns its index for `answered`.
    public func sent(_ request: Request) -> Int {
        locked {
            requestList.append(request)
            return requestList.count - 1
        }
    }

    /// Records the status the request at `index` got.
    public func answered(_ index: Int, status: Int?) {
        locked { requestList[index].status = status }
    }

    /// The violations so far.
    public var violations: [String] { locked { violationList } }
    /// Faults by kind.
    public var faults: [SimulatedFault: Int] { locked { faultCounts } }
    /// Boundaries by name.
    public var boundaries: [String: Int] { locked { boundaryCounts } }
    /// Deaths by boundary.
    public var deaths: [String: Int] { locked { deathCounts } }
    /// Every request, in order, with the deaths between them.
    public var trace: [Request] { locked { requestList } }
    /// Every request, in order.
    public var requests: [Request] { locked { requestList.filter { $0.method != "DIED" && $0.method != "RUN" } } }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
}
