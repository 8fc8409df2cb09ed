import Foundation

/// The buffer the trip listing copies each text into, made as the C
/// baseline's (`append_text` in `Sources/CSQLiteBaseline`): one allocation
/// of 64 KiB + 4 KiB, a byte count, `memcpy`, emptied when full. Both sides
/// then pay the same for the copy, and the figure is the listing's own
/// (an `Array` append cost about 1,000 instructions a row more than C's
/// copy: BENCHMARKS.md).
struct ScanBuffer {
    static let flushAt = 64 * 1024
    private static let size = flushAt + 4096
    // Not optional: a non-zero allocation always has an address, so no
    // copy tests for nil (C's `buffer` is a plain pointer too).
    private let base = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
    private(set) var used = 0

    /// Frees the storage; the buffer is not used after (the C side's `free`).
    func deallocate() { base.deallocate() }

    /// Copies `bytes` in (starting over when they would not fit, as C does).
    /// With `memcpy` and wrapping sums, as C's copy (`copyMemory` is a
    /// `memmove`; a count is never near `Int.max`).
    @inline(__always)
    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        if used &+ bytes.count > Self.size { used = 0 }
        guard let source = bytes.baseAddress else { return }
        memcpy(base + used, source, bytes.count)
        used &+= bytes.count
    }

    /// Copies a column's bytes in, as C's `append_text`; their count, 0
    /// for NULL (nothing copied).
    @inline(__always)
    mutating func append(text bytes: UnsafeRawBufferPointer?) -> UInt64 {
        guard let bytes else { return 0 }
        append(bytes)
        return UInt64(bytes.count)
    }

    /// Empties it once the flush size is reached, as `booking trips` writes.
    mutating func flushIfFull() {
        if used >= Self.flushAt { used = 0 }
    }
}
