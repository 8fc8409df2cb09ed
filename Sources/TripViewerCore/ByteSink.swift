/// Where the printer writes a line's bytes: an array (one line, for the
/// CLI's `TripPrinter.line`) or the viewer's output buffer (`OutputBytes`,
/// a whole listing). The printer is written once, generic over the two,
/// so both print the same bytes.
protocol ByteSink {
    /// Appends one byte.
    mutating func append(_ byte: UInt8)
    /// Appends `bytes`, all of them.
    mutating func append(contentsOf bytes: UnsafeRawBufferPointer)
}

extension Array: ByteSink where Element == UInt8 {
    mutating func append(contentsOf bytes: UnsafeRawBufferPointer) {
        append(contentsOf: bytes.assumingMemoryBound(to: UInt8.self))
    }
}
