extension Duration {
    /// The duration in seconds, as a `Double` (Foundation's `TimeInterval`).
    package var inSeconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
