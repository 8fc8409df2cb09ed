/// A C array of baseline rows (`bkb_attempt`, `bkb_trip`, `bkb_page`) and the
/// strings they point to, freed together.
final class CRows<Row> {
    /// The rows.
    let buffer: UnsafeMutableBufferPointer<Row>
    /// The strings the rows point into.
    let strings = CStringPool()

    /// Allocates `count` rows, each made by `make` with the pool to copy into.
    init(count: Int, _ make: (Int, CStringPool) -> Row) {
        buffer = .allocate(capacity: count)
        for index in 0..<count {
            (buffer.baseAddress! + index).initialize(to: make(index, strings))
        }
    }

    /// The row at `index`.
    subscript(index: Int) -> UnsafePointer<Row> {
        UnsafePointer(buffer.baseAddress! + index)
    }

    /// All rows, for the calls that take an array.
    var all: UnsafeBufferPointer<Row> { UnsafeBufferPointer(buffer) }

    deinit {
        buffer.deinitialize()
        buffer.deallocate()
    }
}
