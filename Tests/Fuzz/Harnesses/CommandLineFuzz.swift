// libFuzzer target: the CLI argument parser. The input is split at NUL
// bytes into words; any words: no crash, and a parse is deterministic.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let words = bytes.split(separator: 0, omittingEmptySubsequences: false)
        .map { String(decoding: $0, as: UTF8.self) }
    let parser = CommandCatalog.parser
    let first = try? parser.parse(words)
    let second = try? parser.parse(words)
    precondition(first == second, "the same words parsed two ways")
    return 0
}
