/// A failure of the harness itself: bad setup, or two sides that did not do
/// the same work. No figure is reported when one is thrown.
struct BenchError: Error, CustomStringConvertible {
    let description: String
}
