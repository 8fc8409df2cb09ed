import BookingCore
import Foundation

// libFuzzer target: the API client's strict JSON decoding of the wire
// types. Any bytes: no crash, and a decoded booking respects the contract
// the decoder enforces (non-negative version, check-out after check-in),
// the answer of closing a key (`POST /v1/bookings/close-key`) included.
@testable import BookingAPI

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let body = Data(UnsafeBufferPointer(start: data, count: size))
    let decoder = JSONWire.decoder()
    if let booking = try? decoder.decode(BookingSnapshot.self, from: body) {
        precondition(booking.version.rawValue >= 0, "negative version decoded")
        precondition(booking.checkIn < booking.checkOut, "check-out not after check-in")
    }
    if let hold = try? decoder.decode(HoldSnapshot.self, from: body) {
        precondition(!hold.holdId.rawValue.isEmpty, "empty hold id decoded")
    }
    if let closure = try? decoder.decode(KeyClosureSnapshot.self, from: body), let booking = closure.booking {
        // The answer of closing a key carries a booking only as a booking does.
        precondition(booking.version.rawValue >= 0, "negative version decoded in a key closing")
        precondition(booking.checkIn < booking.checkOut, "check-out not after check-in in a key closing")
    }
    _ = try? decoder.decode(OfferPage.self, from: body)
    _ = try? decoder.decode(LedgerReport.self, from: body)
    _ = ServerError.parse(body)
    return 0
}
