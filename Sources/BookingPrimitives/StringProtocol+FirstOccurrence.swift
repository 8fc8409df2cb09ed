extension StringProtocol {
    /// The range of the first occurrence of `target`, compared character by
    /// character (as `==` compares strings), or nil when there is none or
    /// `target` is empty.
    ///
    /// The standard library's `firstRange(of:)` and `contains(_:)` for a
    /// string argument live in `_StringProcessing`, which links the regex
    /// parser with it: 1.3 MB of the lean trip viewer, which links the Swift
    /// runtime statically and must stay under 10 MB. This plain search
    /// links nothing.
    public func firstOccurrence(of target: some StringProtocol) -> Range<Index>? {
        guard !target.isEmpty else { return nil }
        var start = startIndex
        while start != endIndex {
            var here = start
            var there = target.startIndex
            while here != endIndex, there != target.endIndex, self[here] == target[there] {
                formIndex(after: &here)
                target.formIndex(after: &there)
            }
            if there == target.endIndex { return start..<here }
            if here == endIndex { return nil }
            formIndex(after: &start)
        }
        return nil
    }
}
