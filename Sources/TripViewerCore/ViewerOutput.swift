/// Stdout in large writes: one system call per 64 KiB instead of one per
/// line, so a long list prints at the speed of the database read. When the
/// reader goes away (`booking trips | head`) the process ends at once with
/// code 0, as every command that only reads does.
final class ViewerOutput {
    // Passed `inout` on every line: no dynamic exclusivity check (one
    // thread, and the printer never calls back into this object).
    @exclusivity(unchecked) private var pending = OutputBytes(capacity: ViewerOutput.flushAt + 4096)
    @exclusivity(unchecked) private var digits = ViewerText.MinorDigits()
    private static let flushAt = 64 * 1024
    /// Whether anything reached stdout.
    private(set) var hasWritten = false

    deinit {
        pending.deallocate()
    }

    /// Adds `text` (its own newlines included).
    func append(_ text: String) {
        var text = text
        text.withUTF8 { pending.append(contentsOf: UnsafeRawBufferPointer($0)) }
        if pending.count >= Self.flushAt { flush() }
    }

    /// Adds `trip`'s line of `booking trips`.
    func appendLine(_ trip: some TripLineFields, colour: Bool) {
        TripPrinter.appendLine(trip, colour: colour, to: &pending, digits: &digits)
        if pending.count >= Self.flushAt { flush() }
    }

    /// Writes what is gathered; returns false when the reader has gone.
    @discardableResult
    func finish() -> Bool {
        flush()
        return true
    }

    private func flush() {
        guard pending.count > 0 else { return }
        hasWritten = true
        if !ViewerPlatform.write(pending.bytes, to: 1) { ViewerPlatform.exit(0) }
        pending.removeAll()
    }
}
