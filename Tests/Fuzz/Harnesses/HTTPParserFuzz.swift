// libFuzzer entry point for HTTPRequestParser; not part of any SwiftPM
// target. Built and run by scripts/fuzz.sh (target http-parser).
//
// Each input is split into a chunk size (first byte) and a byte stream that
// is fed to the parser chunk by chunk, exactly as the listener does:
// requests are dropped from the front as they are parsed. The checks: no
// crash, every `consumed` is within the buffer, and the requests found do
// not depend on how the stream was chunked.

func drain(_ bytes: ArraySlice<UInt8>, chunk: Int, parser: HTTPRequestParser) -> [HTTPRequest] {
    var parser = parser
    var buffer: [UInt8] = []
    var requests: [HTTPRequest] = []
    var offset = bytes.startIndex
    while true {
        switch parser.parse(buffer) {
        case .request(let request, let consumed):
            precondition(consumed > 0 && consumed <= buffer.count, "consumed \(consumed) of \(buffer.count)")
            requests.append(request)
            buffer.removeFirst(consumed)
        case .error:
            return requests
        case .needMore:
            guard offset < bytes.endIndex else { return requests }
            let end = min(bytes.endIndex, offset + chunk)
            buffer.append(contentsOf: bytes[offset..<end])
            offset = end
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    let parser = HTTPRequestParser(maxRequestLineBytes: 512, maxHeaderBytes: 2_048, maxBodyBytes: 1_024)
    let stream = input[1...]
    let chunked = drain(stream, chunk: Int(input[0]) + 1, parser: parser)
    let whole = drain(stream, chunk: stream.count + 1, parser: parser)
    precondition(chunked == whole, "chunking changed the requests")
    return 0
}
