/// The faults that apply to one request, from its `Sandbox-Fault` header and
/// the server-wide draw.
struct FaultSet: Sendable {
    var faults: [SandboxFault]
    /// The faults drawn from the server-wide rates, for `Sandbox-Fault-Injected`.
    var drawnHeader: String?

    init(faults: [SandboxFault], drawnHeader: String? = nil) {
        self.faults = faults
        self.drawnHeader = drawnHeader
    }

    func contains(_ fault: SandboxFault) -> Bool { faults.contains(fault) }

    /// The total delay asked for, in milliseconds (capped at the maximum).
    var delayMilliseconds: Int {
        let total = faults.reduce(0) { sum, fault in
            if case .delay(let milliseconds) = fault { return sum + milliseconds }
            return sum
        }
        return min(total, SandboxFault.maximumDelayMilliseconds)
    }

    /// The status a gateway answers in place of the server's, if asked
    /// (`gateway-<status>-after-commit`).
    var gatewayStatus: Int? {
        for case .gatewayAfterCommit(let status) in faults { return status }
        return nil
    }

    var isEmpty: Bool { faults.isEmpty }
}
