/// One side of a comparison: the store or the C baseline, doing the same
/// work.
struct Contender {
    /// How the reports name it ("BookingStore", "raw C").
    let name: String
    /// Untimed work before sample `index` (a fresh database, say).
    var prepare: (_ index: Int) throws -> Void = { _ in }
    /// The timed work of sample `index`.
    let operation: (_ index: Int) throws -> Void
}
