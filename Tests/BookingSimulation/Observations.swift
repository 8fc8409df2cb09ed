import BookingPrimitives
import Foundation

/// What one simulated run saw: the violations of the promises, the faults
/// injected by kind, the effect boundaries passed, the requests sent. Shared
/// by the transport, the boundary hook and the simulation; locked.
public final class Observations: Sendable {
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

    private struct Record {
        var violations: [String] = []
        var faults: [SimulatedFault: Int] = [:]
        var boundaries: [String: Int] = [:]
        var requests: [Request] = []
        var deaths: [String: Int] = [:]
        var refusedTaps = 0
        var saidNotCharged: [String: String] = [:]
        var bookedAgainOnPurpose: [String: Int] = [:]
        var saidBookedElsewhere: [BookedElsewhereClaim] = []
    }

    private let record = Locked(Record())
    /// With `BOOKINGKIT_SIM_STREAM=1`, every request, boundary and death is
    /// written to standard error as it happens: the trace of a seed that
    /// never ends, which the report at its end cannot show.
    static let streams = ProcessInfo.processInfo.environment["BOOKINGKIT_SIM_STREAM"] == "1"

    private func stream(_ line: @autoclosure () -> String) {
        guard Self.streams else { return }
        FileHandle.standardError.write(Data((line() + "\n").utf8))
    }

    /// Creates an empty record.
    public init() {}

    /// Records a broken promise (`I1`...`I7` first).
    public func violation(_ text: String) {
        record.withLock { $0.violations.append(text) }
    }

    /// Records an injected fault.
    public func fault(_ kind: SimulatedFault) {
        record.withLock { $0.faults[kind, default: 0] += 1 }
    }

    /// Records a boundary passed (or died at).
    public func boundary(_ name: String) {
        stream("boundary \(name)")
        record.withLock { $0.boundaries[name, default: 0] += 1 }
    }

    /// Records a process death at a boundary (it shows in the trace too).
    public func death(at boundary: String, time: Duration) {
        stream("DIED at \(boundary) t=\(time)")
        record.withLock {
            $0.deaths[boundary, default: 0] += 1
            $0.requests.append(
                Request(at: time, method: "DIED", target: "at \(boundary)", key: nil, fault: nil, status: nil))
        }
    }

    /// Records that a screen told the user attempt `attemptID` charged
    /// nothing (`text`, what it said), for I12.
    public func saidNotCharged(_ attemptID: String, _ text: String) {
        record.withLock { $0.saidNotCharged[attemptID] = $0.saidNotCharged[attemptID] ?? text }
    }

    /// The attempts a screen said charged nothing, with the first words said.
    public var notChargedClaims: [String: String] {
        record.withLock { $0.saidNotCharged }
    }

    /// What a screen said when it showed `.failed(.bookedElsewhere)`: which
    /// device (lane), for which attempt and key (I19).
    public struct BookedElsewhereClaim: Sendable, Hashable {
        public var lane: String
        public var attemptID: String
        public var key: String
    }

    /// Records that a screen said attempt `claim.attemptID`'s room was booked
    /// on another device (I19), once per attempt.
    public func saidBookedElsewhere(_ claim: BookedElsewhereClaim) {
        record.withLock { if !$0.saidBookedElsewhere.contains(claim) { $0.saidBookedElsewhere.append(claim) } }
    }

    /// Every attempt a screen said was booked on another device, in order.
    public var bookedElsewhereClaims: [BookedElsewhereClaim] {
        record.withLock { $0.saidBookedElsewhere }
    }

    /// Records that the simulated traveller, told "You already booked this
    /// room for these dates", held `stay` again on purpose (I16).
    public func bookedAgainOnPurpose(_ stay: String) {
        record.withLock { $0.bookedAgainOnPurpose[stay, default: 0] += 1 }
    }

    /// How often each stay was held again on purpose.
    public var staysBookedAgainOnPurpose: [String: Int] {
        record.withLock { $0.bookedAgainOnPurpose }
    }

    /// Records a tap the screen did not offer, refused by the client.
    public func refusedTap() {
        record.withLock { $0.refusedTaps += 1 }
    }

    /// Records a command the second process ran (it shows in the trace).
    public func command(_ text: String, time: Duration) {
        stream("RUN \(text) t=\(time)")
        record.withLock {
            $0.requests.append(Request(at: time, method: "RUN", target: text, key: nil, fault: nil, status: nil))
        }
    }

    /// Records a request; returns its index for `answered`.
    public func sent(_ request: Request) -> Int {
        stream("sent \(request)")
        return record.withLock {
            $0.requests.append(request)
            return $0.requests.count - 1
        }
    }

    /// Records the status the request at `index` got.
    public func answered(_ index: Int, status: Int?) {
        stream("answered \(index) \(String(describing: status))")
        record.withLock { $0.requests[index].status = status }
    }

    /// The violations so far.
    public var violations: [String] { record.withLock { $0.violations } }
    /// Faults by kind.
    public var faults: [SimulatedFault: Int] { record.withLock { $0.faults } }
    /// Boundaries by name.
    public var boundaries: [String: Int] { record.withLock { $0.boundaries } }
    /// Taps the screen did not offer, refused by the client.
    public var refusedTaps: Int { record.withLock { $0.refusedTaps } }
    /// Deaths by boundary.
    public var deaths: [String: Int] { record.withLock { $0.deaths } }
    /// Every request, in order, with the deaths between them.
    public var trace: [Request] { record.withLock { $0.requests } }
    /// Every request, in order.
    public var requests: [Request] {
        record.withLock { $0.requests.filter { $0.method != "DIED" && $0.method != "RUN" } }
    }
}
