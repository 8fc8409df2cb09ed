import BookingCore
import Foundation

/// The lead guest of a booking, as `POST /v1/bookings` takes it and every
/// booking answer carries it (absent for a booking made without one).
struct GuestBody: Codable, Equatable, Sendable {
    var name: String
    var email: String
    var phone: String?
    var specialRequest: String?
    var arrivalTime: String?

    /// The contract's fields.
    static let fields: Set<String> = ["name", "email", "phone", "specialRequest", "arrivalTime"]

    /// The request's `guest`, checked by the library's own rule
    /// (`GuestDetails.problem`) and trimmed; nil when the body has none.
    ///
    /// - Throws: `APIError.validation` naming `guest.<field>`.
    static func read(_ body: RequestBody) throws(APIError) -> GuestBody? {
        guard let object = try body.object("guest", allowed: fields) else { return nil }
        let typed: GuestDetails
        do throws(APIError) {
            typed = GuestDetails(
                name: try object.string("name", maxLength: RequestBody.maximumBytes),
                email: try object.string("email", maxLength: RequestBody.maximumBytes),
                phone: try object.optionalString("phone", maxLength: RequestBody.maximumBytes),
                specialRequest: try object.optionalString("specialRequest", maxLength: RequestBody.maximumBytes),
                arrivalTime: try object.optionalString("arrivalTime", maxLength: RequestBody.maximumBytes))
        } catch {
            var named = error
            named.detail.field = named.detail.field.map { "guest.\($0)" }
            throw named
        }
        if let problem = typed.problem { throw APIError.validation(field: "guest.\(problem.field)", problem.message) }
        let guest = typed.trimmed
        return GuestBody(
            name: guest.name, email: guest.email, phone: guest.phone, specialRequest: guest.specialRequest,
            arrivalTime: guest.arrivalTime)
    }

    /// A saved guest (`json`); nil when the text does not read back.
    init?(json: String) {
        guard let guest = try? JSONDecoder().decode(GuestBody.self, from: Data(json.utf8)) else { return nil }
        self = guest
    }

    /// A guest with every field given.
    init(name: String, email: String, phone: String?, specialRequest: String?, arrivalTime: String?) {
        self.name = name
        self.email = email
        self.phone = phone
        self.specialRequest = specialRequest
        self.arrivalTime = arrivalTime
    }

    /// The saved form and the key's fingerprint: JSON with sorted keys.
    var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }
}
