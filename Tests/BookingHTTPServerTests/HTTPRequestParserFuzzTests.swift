import BookingHTTPServer
import BookingPrimitives
import Foundation
import Testing

/// The fuzz runs on `SplitMix64`, seeded, so a failure replays.
typealias SeededGenerator = SplitMix64

/// Everything the parser makes of `bytes`, fed in `chunks`, dropping what
/// each request consumed: the requests, then the error if one ended it.
private func drain(_ bytes: [UInt8], chunkSizes: [Int], parser: HTTPRequestParser) -> (
    requests: [HTTPRequest], error: HTTPParseError?
) {
    var parser = parser
    var buffer: [UInt8] = []
    var requests: [HTTPRequest] = []
    var offset = 0
    var chunkIndex = 0
    while true {
        switch parser.parse(buffer) {
        case .request(let request, let consumed):
            #expect(consumed > 0 && consumed <= buffer.count)
            requests.append(request)
            buffer.removeFirst(consumed)
        case .error(let error):
            return (requests, error)
        case .needMore:
            guard offset < bytes.count else { return (requests, nil) }
            let size = chunkSizes.isEmpty ? bytes.count : max(1, chunkSizes[chunkIndex % chunkSizes.count])
            chunkIndex += 1
            let end = min(bytes.count, offset + size)
            buffer.append(contentsOf: bytes[offset..<end])
            offset = end
        }
    }
}

@Suite struct HTTPRequestParserFuzzTests {
    static let stream = Array(
        ("POST /v1/holds HTTP/1.1\r\nHost: localhost\r\nContent-Length: 13\r\nIdempotency-Key: k1\r\n\r\n"
            + "{\"offerId\":1}"
            + "GET /v1/offers?placeId=lis&cursor=a%20b HTTP/1.1\r\nHost: localhost\r\n\r\n"
            + "\r\nDELETE /x HTTP/1.0\r\nContent-Length: 0\r\n\r\n").utf8)

    @Test func anySplitOfAPipelinedStreamGivesTheSameRequests() {
        let whole = drain(Self.stream, chunkSizes: [], parser: HTTPRequestParser())
        #expect(whole.requests.count == 3)
        #expect(whole.error == nil)
        var random = SeededGenerator(seed: 42)
        for _ in 0..<300 {
            let sizes = (0..<8).map { _ in Int.random(in: 1...40, using: &random) }
            let split = drain(Self.stream, chunkSizes: sizes, parser: HTTPRequestParser())
            #expect(split.requests == whole.requests, "chunk sizes \(sizes)")
            #expect(split.error == nil)
        }
    }

    @Test func mutatedInputNeverCrashesAndAlwaysMakesProgress() {
        var random = SeededGenerator(seed: 7)
        let alphabet = Array(" \r\n:/?#\t\u{0}\u{7F}HTTP/1.01aZ-,".utf8) + [0xFF, 0xC3]
        let parser = HTTPRequestParser(maxRequestLineBytes: 64, maxHeaderBytes: 128, maxBodyBytes: 32)
        for _ in 0..<2_000 {
            var bytes = Self.stream
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                let index = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: bytes[index] = alphabet.randomElement(using: &random) ?? 0
                case 1: bytes.insert(UInt8.random(in: 0...255, using: &random), at: index)
                default: bytes.remove(at: index)
                }
            }
            let sizes = [Int.random(in: 1...64, using: &random)]
            // drain() checks every consumed count; reaching here means no crash
            // and no endless loop.
            _ = drain(bytes, chunkSizes: sizes, parser: parser)
        }
    }

    @Test func randomBytesAreRefusedOrWaitedOnNeverAccepted() {
        var random = SeededGenerator(seed: 1)
        for _ in 0..<2_000 {
            let bytes = (0..<Int.random(in: 1...200, using: &random)).map { _ in
                UInt8.random(in: 0...255, using: &random)
            }
            let result = drain(bytes, chunkSizes: [17], parser: HTTPRequestParser(maxRequestLineBytes: 100))
            #expect(result.requests.isEmpty)
        }
    }
}
