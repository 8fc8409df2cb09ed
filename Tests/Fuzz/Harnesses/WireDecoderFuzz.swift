import BookingCore
import Foundation

// libFuzzer target: the API client's strict JSON decoding of the wire
// types. Any bytes: no crash, and a decoded booking respects the contract
// the decoder enforces (non-negative version, check-out after check-in),
// the answer of closing a key (`POST /v1/bookings/close-key`) included.
// The answers of releasing a hold (`POST /v1/holds/{id}/release`, a hold)
// and of leaving a pending 3-D Secure (`POST /v1/bookings/{id}/abandon`, a
// booking) go through the checks the client runs on them: accepted only
// when they are about the hold or booking asked for.
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
        let asked = HoldID("hold_1")
        if let released = try? AnswerCheck.hold(hold, id: asked) {
            precondition(released.holdId == asked, "a release answered about another hold was accepted")
        }
    }
    if let booking = try? decoder.decode(BookingSnapshot.self, from: body) {
        let asked = BookingID("bk_1")
        if let abandoned = try? AnswerCheck.booking(booking, id: asked, movesMoney: true) {
            precondition(abandoned.bookingId == asked, "an abandon answered about another booking was accepted")
        }
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
