/// The viewer's output buffer: bytes in one allocation, appended with a
/// capacity check and `memcpy`. An `Array` append also checks uniqueness
/// and goes through generic `Sequence` code: printing a line of `booking
/// trips` took 2,457 instructions into an array, 1,440 into this
/// (BENCHMARKS.md). Grows when a line would not fit; its owner frees it
/// (`deallocate`).
struct OutputBytes: ByteSink {
    private var base: UnsafeMutableRawPointer
    private var capacity: Int
    /// How many bytes it holds.
    private(set) var count = 0

    /// An empty buffer with room for `capacity` bytes.
    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = UnsafeMutableRawPointer.allocate(byteCount: self.capacity, alignment: 16)
    }

    /// The bytes held, valid until the next change.
    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if count == capacity { grow(to: count + 1) }
        base.storeBytes(of: byte, toByteOffset: count, as: UInt8.self)
        count += 1
    }

    @inline(__always)
    mutating func append(contentsOf bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        if count + bytes.count > capacity { grow(to: count + bytes.count) }
        (base + count).copyMemory(from: source, byteCount: bytes.count)
        count += bytes.count
    }

    /// Empties it, keeping its storage.
    mutating func removeAll() { count = 0 }

    /// Frees the storage; the buffer is not used after.
    func deallocate() { base.deallocate() }

    private mutating func grow(to needed: Int) {
        let larger = max(needed, capacity * 2)
        let storage = UnsafeMutableRawPointer.allocate(byteCount: larger, alignment: 16)
        storage.copyMemory(from: base, byteCount: count)
        base.deallocate()
        (base, capacity) = (storage, larger)
    }
}
