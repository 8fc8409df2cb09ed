// libFuzzer target: the deep-link parser. Any bytes as a link: no crash;
// an accepted link routes by id only, and the canonical spelling of that
// route parses to the same route.
import BookingCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let link = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let parser = DeepLinkParser(host: "example.com")
    guard let route = try? parser.parse(link) else { return 0 }
    let id: BookingID
    let canonical: String
    switch route {
    case .trip(let trip):
        id = trip
        canonical = "https://example.com/trips/\(trip.rawValue)"
    case .challengeReturned(let booking):
        id = booking
        canonical = "https://example.com/bookings/\(booking.rawValue)/3ds-return"
    }
    precondition(!id.rawValue.isEmpty, "empty id accepted")
    precondition(id.rawValue.utf8.count <= parser.maximumIDLength, "id too long accepted")
    let again = try? parser.parse(canonical)
    precondition(again == route, "the canonical link does not route the same")
    return 0
}
