import BookingCore
import BookingSQLite
import Foundation

/// A row of `hold`, and the body it is sent as.
///
/// Its fields are the `hold` columns; `BookingRecord`'s read alike line by
/// line but are another table's, so they are kept apart (what the two rows
/// share, the lookup within an account, is `AccountRow.load`).
struct HoldRecord: AccountRow {
    var holdId: String
    var account: String
    /// The offer held: its property, room type, dates and guests (the
    /// `offer_id` column and the five after it).
    var offer: OfferKey
    var quoteId: String
    var price: PriceBody
    var property: PropertyBody
    var room: RoomBody
    var createdAtMs: Int64
    var expiresAtMs: Int64
    var extensions: Int
    var version: Int64
    /// The booking made from it, once one holds the room; none when made.
    var bookingId: String? = nil
    /// The coupon code applied to it (`price` is then the discounted price).
    var couponCode: String? = nil

    static let table = "hold"
    static let columns = """
        hold_id, account, offer_id, quote_id, property_id, room_type, check_in_day, check_out_day, guests,
        price_json, property_json, room_json, created_at_ms, expires_at_ms, extensions, version, booking_id, coupon_code
        """

    static func read(_ statement: Statement) throws -> HoldRecord {
        guard let price = JSONResponse.decode(PriceBody.self, from: statement.data(at: 9)),
            let property = JSONResponse.decode(PropertyBody.self, from: statement.data(at: 10)),
            let room = JSONResponse.decode(RoomBody.self, from: statement.data(at: 11))
        else { throw APIError.internalError }
        let offer = OfferKey(
            propertyId: statement.string(at: 4), roomType: statement.string(at: 5),
            checkIn: CalendarDay(dayNumber: statement.int64(at: 6)),
            checkOut: CalendarDay(dayNumber: statement.int64(at: 7)), guests: Int(statement.int64(at: 8)))
        return HoldRecord(
            holdId: statement.string(at: 0), account: statement.string(at: 1), offer: offer,
            quoteId: statement.string(at: 3), price: price, property: property, room: room,
            createdAtMs: statement.int64(at: 12), expiresAtMs: statement.int64(at: 13),
            extensions: Int(statement.int64(at: 14)), version: statement.int64(at: 15),
            bookingId: statement.optionalString(at: 16), couponCode: statement.optionalString(at: 17))
    }

    /// The account's holds whose time is not up at `now`, newest first
    /// (booked ones too: the caller settles and filters them).
    static func unexpired(_ db: Database, account: String, now: Int64) throws -> [HoldRecord] {
        let statement = try db.cachedStatement(
            "SELECT \(columns) FROM hold WHERE account = ? AND expires_at_ms > ? ORDER BY created_at_ms DESC, hold_id")
        defer { statement.reset() }
        try statement.bind(account, at: 1)
        try statement.bind(now, at: 2)
        var holds: [HoldRecord] = []
        while try statement.step() { holds.append(try read(statement)) }
        return holds
    }

    /// Inserts this hold.
    func insert(_ db: Database) throws {
        try db.run(
            "INSERT INTO hold (\(Self.columns), total_amount, currency) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                .text(holdId), .text(account), .text(offerId), .text(quoteId), .text(offer.propertyId),
                .text(offer.roomType), .integer(checkIn.dayNumber), .integer(checkOut.dayNumber),
                .integer(Int64(offer.guests)),
                .text(JSONResponse.text(price)), .text(JSONResponse.text(property)), .text(JSONResponse.text(room)),
                .integer(createdAtMs), .integer(expiresAtMs), .integer(Int64(extensions)), .integer(version),
                bookingId.map { .text($0) } ?? .null, couponCode.map { .text($0) } ?? .null,
                .integer(price.total.amount), .text(price.total.currency),
            ])
    }

    /// The offer's id, as the client sent it (parsed strictly, so the same text).
    var offerId: String { offer.id }
    /// The first night held.
    var checkIn: CalendarDay { offer.checkIn }
    /// The day the stay ends.
    var checkOut: CalendarDay { offer.checkOut }

    /// Writes the mutable columns (expiry, extensions, version, booking).
    func update(_ db: Database) throws {
        try db.run(
            "UPDATE hold SET expires_at_ms = ?, extensions = ?, version = ?, booking_id = ? WHERE hold_id = ?",
            [
                .integer(expiresAtMs), .integer(Int64(extensions)), .integer(version),
                bookingId.map { .text($0) } ?? .null, .text(holdId),
            ])
    }

    /// When a hold made or extended `now` for `ttl` ms ends: after the TTL,
    /// or when its check-in day ends (UTC), whichever comes first. A night
    /// that has ended is never held, hence never charged.
    static func expiry(now: Int64, ttl: Int64, checkIn: CalendarDay) -> Int64 {
        min(now + ttl, checkIn.endMilliseconds)
    }

    /// Expired at `now`: its time is up, or its check-in day has ended.
    func isExpired(now: Int64) -> Bool { expiresAtMs <= now || checkIn.endMilliseconds <= now }

    /// `BOOKED` while a booking holds the room, else `EXPIRED` or `HELD`.
    func state(now: Int64) -> HoldState {
        if bookingId != nil { return .booked }
        return isExpired(now: now) ? .expired : .held
    }

    func body(now: Int64, maximumExtensions: Int) -> HoldBody {
        HoldBody(
            HoldFields(
                holdId: holdId, state: state(now: now),
                expiresInMs: max(0, min(expiresAtMs, checkIn.endMilliseconds) - now), offerId: offerId,
                quoteId: quoteId, version: version, extensionsLeft: max(0, maximumExtensions - extensions),
                bookingId: bookingId, couponCode: couponCode),
            stay: stay)
    }

    /// The stay this hold keeps, as the contract writes it.
    var stay: StayBody {
        StayBody(
            property: property, room: room, checkIn: checkIn.isoString, checkOut: checkOut.isoString,
            guests: offer.guests, price: price, cancellation: cancellation)
    }

    /// The terms of cancelling this stay, at its dates and price (after a
    /// change of dates or a coupon, the new ones).
    var cancellation: CancellationPolicyBody {
        .forStay(roomType: offer.roomType, placeId: property.placeId, checkIn: checkIn, price: price)
    }

    /// How many rooms of a type are taken on any night of a stay: unexpired
    /// free holds plus holds whose booking is awaiting action, processing or confirmed.
    static func roomsTaken(
        _ db: Database, propertyId: String, roomType: String, checkIn: CalendarDay, checkOut: CalendarDay, now: Int64
    ) throws -> Int {
        let value = try db.scalar(
            """
            SELECT count(*) FROM hold h LEFT JOIN booking b ON b.booking_id = h.booking_id
            WHERE h.property_id = ? AND h.room_type = ? AND h.check_in_day < ? AND h.check_out_day > ?
              AND ((h.booking_id IS NULL AND h.expires_at_ms > ?)
                   OR b.state IN ('ACTION_REQUIRED', 'PROCESSING', 'CONFIRMED'))
            """,
            [
                .text(propertyId), .text(roomType), .integer(checkOut.dayNumber), .integer(checkIn.dayNumber),
                .integer(now),
            ])
        if case .integer(let count) = value { return Int(count) }
        return 0
    }
}
