/// The lead guest of a booking, as `POST /v1/bookings` takes it and every
/// booking answer carries it (absent for a booking made without one).
struct GuestBody: Codable, Equatable, Sendable {
    var name: String
    var email: String
    var phone: String?
    var specialRequest: String?
    var arrivalTime: String?
}
