import BookingPrimitives

/// Draws the server-wide random faults for each request from a seeded
/// generator: the same seed and the same sequence of requests give the same
/// faults.
final class FaultInjector: Sendable {
    private let rates: [(fault: SandboxFault, rate: Double)]
    private let generator: Locked<SplitMix64>

    init(rates: [SandboxFault: Double], seed: UInt64) {
        // A fixed order, so the draws do not depend on dictionary order.
        self.rates = rates.filter { $0.value > 0 }
            .map { (fault: $0.key, rate: $0.value) }
            .sorted { $0.fault.description < $1.fault.description }
        self.generator = Locked(SplitMix64(seed: seed))
    }

    /// The faults for the next request: one independent draw per configured
    /// fault, in a fixed order.
    func draw() -> [SandboxFault] {
        guard !rates.isEmpty else { return [] }
        return generator.withLock { generator in
            rates.compactMap { entry in generator.nextUnitInterval() < entry.rate ? entry.fault : nil }
        }
    }
}
