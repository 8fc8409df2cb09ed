import BookingCore
import BookingPrimitives
import Foundation

/// What a push notification names: one booking or one attempt, nothing
/// more. A push is only a hint that something changed on the server; its
/// other fields (a status, a price, a message) are never read, so nothing
/// the device shows comes from the payload.
package enum PushHint: Hashable, Sendable {
    /// `{"bookingId": "..."}`: a booking of the account changed.
    case booking(BookingID)
    /// `{"attemptId": "..."}`: the payment of this device's attempt changed.
    case attempt(AttemptID)

    /// The largest payload taken, in bytes: APNs' limit for a remote
    /// notification.
    package static let maximumBytes = 4096

    /// The hint in `payload`, a JSON object naming exactly one of
    /// `bookingId` and `attemptId` at its top level (`aps` and any other
    /// field are ignored).
    ///
    /// - Throws: `BookingClientError.pushRejected` for an empty or oversized
    ///   payload, one that is not a JSON object, or one naming neither id or
    ///   both; `.malformedID` for an id that is not one the server makes.
    package init(_ payload: Data) throws(BookingClientError) {
        guard !payload.isEmpty else { throw .pushRejected(reason: "the payload is empty") }
        guard payload.count <= Self.maximumBytes else {
            throw .pushRejected(reason: "the payload has \(payload.count) bytes, more than \(Self.maximumBytes)")
        }
        let value: JSONValue
        do {
            value = try JSONDecoder().decode(JSONValue.self, from: payload)
        } catch {
            throw .pushRejected(reason: "the payload is not JSON")
        }
        guard case .object = value else { throw .pushRejected(reason: "the payload is not a JSON object") }
        switch (value["bookingId"], value["attemptId"]) {
        case (.string(let booking), .null):
            self = .booking(BookingID(try Self.wellFormed(booking)))
        case (.null, .string(let attempt)):
            self = .attempt(AttemptID(try Self.wellFormed(attempt)))
        case (.null, .null):
            throw .pushRejected(reason: "the payload names no bookingId and no attemptId")
        case (.string, .string):
            throw .pushRejected(reason: "the payload names both a bookingId and an attemptId")
        default:
            throw .pushRejected(reason: "bookingId and attemptId must be strings")
        }
    }

    /// `text` when it is an id as the server makes them.
    private static func wellFormed(_ text: String) throws(BookingClientError) -> String {
        guard BookingClient.isWellFormed(text) else { throw .malformedID(text) }
        return text
    }
}
