/// The lead guest of a booking: the name the hotel expects at the desk and
/// how to reach them. Saved with the attempt before the payment is sent,
/// sent in `POST /v1/bookings` (part of what the Idempotency-Key is bound
/// to) and kept on the trip.
public struct GuestDetails: Hashable, Sendable, Codable {
    /// The lead guest's full name.
    public var name: String
    /// Where the confirmation goes.
    public var email: String
    /// A phone number, in international form when known.
    public var phone: String?
    /// A request for the hotel (a quiet room, a cot).
    public var specialRequest: String?
    /// The expected arrival, `HH:MM` in the hotel's time.
    public var arrivalTime: String?

    /// Guest details as typed; nothing is checked here.
    public init(
        name: String, email: String, phone: String? = nil, specialRequest: String? = nil, arrivalTime: String? = nil
    ) {
        self.name = name
        self.email = email
        self.phone = phone
        self.specialRequest = specialRequest
        self.arrivalTime = arrivalTime
    }
}
