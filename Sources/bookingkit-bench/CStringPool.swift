import Foundation

/// C copies of Swift strings, alive as long as the pool. The C baseline's
/// rows point into one, so both sides work on the same values and C never
/// formats or copies a value inside a timed region.
final class CStringPool {
    private var copies: [UnsafeMutablePointer<CChar>] = []

    /// A NUL-terminated copy of `text`.
    func copy(_ text: String) -> UnsafePointer<CChar> {
        guard let copy = strdup(text) else { fatalError("out of memory copying a fixture string") }
        copies.append(copy)
        return UnsafePointer(copy)
    }

    /// A copy of `text`, or `nil` (NULL) for `nil`.
    func copy(_ text: String?) -> UnsafePointer<CChar>? {
        text.map { copy($0) }
    }

    deinit {
        for copy in copies { free(copy) }
    }
}
