// libFuzzer target: the deep-link parser. Any bytes as a link: no crash;
// an accepted link routes by id only, and the canonical spelling of that
// route parses to the same route.
import BookingCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let link = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let parser = DeepLinkParser(host: "example.com")
    guard let route = try? parser.parse(link) else { return 0 }
    switch route {
    case .trip(let id):
        precondition(!id.rawValue.isEmpty, "empty id accepted")
        precondition(id.rawValue.utf8.count <= parser.maximumIDLength, "id too long accepted")
        let again = try? parser.parse("https://example.com/trips/\(id.rawValue)")
        precondition(again == route, "the canonical link does not route the same")
    }
    return 0
}
