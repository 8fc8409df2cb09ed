/// The server's booking, as `POST /v1/bookings`, `GET /v1/bookings/{id}` and
/// the recovery lookup return it. Every answer carries a `version`; the
/// client applies only a version newer than the one it holds.
///
/// Wire form: `{"bookingId", "state", "version", "nextAction"?: {"url"},
/// "propertyName"?, "checkIn"?, "checkOut"?, "voucherCode"?, "failureCode"?}`. Decoding
/// throws on an unknown state, a negative version, a malformed date or a
/// check-out not after the check-in.
package struct Booking: Hashable, Codable, Sendable {
    /// What the bank asks for before the payment can go on (3-D Secure).
    package struct NextAction: Hashable, Codable, Sendable {
        /// The challenge page to open.
        package let url: String
        /// A next action at `url`.
        package init(url: String) { self.url = url }
    }

    /// The server's id of the booking.
    public let id: BookingID
    /// The server's state of the booking.
    public let status: BookingStatus
    /// The server's counter for this booking.
    package let version: Version
    /// Present with `ACTION_REQUIRED`: the challenge to open.
    package let nextAction: NextAction?
    /// The property's display name, when the server sent it.
    public let propertyName: String?
    /// The first night, when the server sent it.
    public let checkIn: CalendarDate?
    /// The day of departure, when the server sent it.
    public let checkOut: CalendarDate?
    /// The confirmation code to show at the door, once confirmed.
    public let voucherCode: String?
    /// Why it failed or expired, as the server's machine code
    /// (`card_declined` is the bank's decline), when the server said.
    package let failureCode: String?

    /// The server's code of a payment the bank declined.
    package static let declinedCode = "card_declined"
    /// The `failureCode` of a booking ended because the user left its 3-D
    /// Secure page (`POST /v1/bookings/{id}/abandon`).
    package static let abandonedCode = "abandoned"

    /// A booking.
    package init(
        id: BookingID, status: BookingStatus, version: Version, nextAction: NextAction? = nil,
        propertyName: String? = nil, checkIn: CalendarDate? = nil, checkOut: CalendarDate? = nil,
        voucherCode: String? = nil, failureCode: String? = nil
    ) {
        self.id = id
        self.status = status
        self.version = version
        self.nextAction = nextAction
        self.propertyName = propertyName
        self.checkIn = checkIn
        self.checkOut = checkOut
        self.voucherCode = voucherCode
        self.failureCode = failureCode
    }

    private enum CodingKeys: String, CodingKey {
        case id = "bookingId"
        case status = "state"
        case version, nextAction, propertyName, checkIn, checkOut, voucherCode, failureCode
    }

    /// Decodes strictly (see the type's documentation).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(BookingID.self, forKey: .id),
            status: try container.decode(BookingStatus.self, forKey: .status),
            version: try container.decode(Version.self, forKey: .version),
            nextAction: try container.decodeIfPresent(NextAction.self, forKey: .nextAction),
            propertyName: try container.decodeIfPresent(String.self, forKey: .propertyName),
            checkIn: try container.decodeIfPresent(CalendarDate.self, forKey: .checkIn),
            checkOut: try container.decodeIfPresent(CalendarDate.self, forKey: .checkOut),
            voucherCode: try container.decodeIfPresent(String.self, forKey: .voucherCode),
            failureCode: try container.decodeIfPresent(String.self, forKey: .failureCode))
        guard !id.rawValue.isEmpty else {
            throw DecodingError.dataCorruptedError(forKey: .id, in: container, debugDescription: "Empty booking id")
        }
        if let checkIn, let checkOut, !(checkIn < checkOut) {
            throw DecodingError.dataCorruptedError(
                forKey: .checkOut, in: container, debugDescription: "Check-out not after check-in")
        }
    }
}
