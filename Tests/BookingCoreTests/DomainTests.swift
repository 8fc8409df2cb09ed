import BookingCore
import Foundation
import Testing

/// Money, calendar dates and the strict decoding of wire types.
@Suite struct DomainTests {
    static func money(_ minor: Int64, _ code: String) -> Money {
        Money(minorUnits: minor, currency: CurrencyCode(code)!)
    }

    @Test(arguments: [
        (Int64(123_450), "EUR", "EUR 1,234.50"), (12_000, "JPY", "JPY 12,000"), (1_250, "BHD", "BHD 1.250"),
        (5, "USD", "USD 0.05"), (-500, "GBP", "GBP -5.00"), (1, "KWD", "KWD 0.001"), (99, "XYZ", "XYZ 0.99"),
        (Int64.min, "EUR", "EUR -92,233,720,368,547,758.08"),
    ])
    func moneyIsShownWithTheCurrencysOwnMinorDigits(minor: Int64, code: String, shown: String) {
        #expect(Self.money(minor, code).formatted == shown)
    }

    @Test func currencyCodesAreThreeCapitalLetters() {
        for bad in ["eur", "EU", "EURO", "E1R", "ÉUR", ""] { #expect(CurrencyCode(bad) == nil, "\(bad)") }
        #expect(CurrencyCode("EUR")?.minorDigits == 2)
    }

    @Test func datesParseStrictly() {
        #expect(CalendarDate("2026-11-03")?.description == "2026-11-03")
        #expect(CalendarDate("2024-02-29") != nil)
        for bad in [
            "2026-02-30", "2025-02-29", "2026-13-01", "2026-00-10", "2026-1-03", "2026-11-3", "26-11-03",
            "2026/11/03", "2026-11-03T00:00:00Z", " 2026-11-03", "0000-01-01", "２０２６-11-03", "2026-11-00",
        ] {
            #expect(CalendarDate(bad) == nil, "\(bad)")
        }
    }

    @Test func datesCompareAndCountNights() throws {
        let checkIn = try #require(CalendarDate("2026-12-30"))
        let checkOut = try #require(CalendarDate("2027-01-02"))
        #expect(checkIn < checkOut)
        #expect(checkIn.days(until: checkOut) == 3)
    }

    @Test func datesAreCodedAsTheirString() throws {
        let date = try #require(CalendarDate("2026-11-03"))
        let data = try JSONEncoder().encode([date])
        #expect(String(decoding: data, as: UTF8.self) == "[\"2026-11-03\"]")
        #expect(try JSONDecoder().decode([CalendarDate].self, from: data) == [date])
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([CalendarDate].self, from: Data("[\"2026-02-30\"]".utf8))
        }
    }

    static let bookingJSON =
        #"{"bookingId":"b1","state":"CONFIRMED","version":3,"checkIn":"2026-11-03","checkOut":"2026-11-06","voucherCode":"V-1"}"#

    @Test func aBookingDecodes() throws {
        let booking = try JSONDecoder().decode(Booking.self, from: Data(Self.bookingJSON.utf8))
        #expect(booking.status == .confirmed && booking.version == Version(rawValue: 3))
    }

    @Test(arguments: [
        #"{"bookingId":"b1","state":"CONFIRMED","version":-1}"#,
        #"{"bookingId":"b1","state":"PAID","version":1}"#,
        #"{"bookingId":"b1","state":"confirmed","version":1}"#,
        #"{"bookingId":"b1","state":"CONFIRMED","version":1.5}"#,
        #"{"bookingId":"","state":"CONFIRMED","version":1}"#,
        #"{"bookingId":"b1","state":"CONFIRMED","version":1,"checkIn":"2026-02-30"}"#,
        #"{"bookingId":"b1","state":"CONFIRMED","version":1,"checkIn":"2026-11-06","checkOut":"2026-11-03"}"#,
        #"{"bookingId":"b1","state":"CONFIRMED"}"#,
    ])
    func malformedBookingsAreRejected(json: String) {
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Booking.self, from: Data(json.utf8)) }
    }

    @Test(arguments: [
        #"{"amount":-1,"currency":"EUR"}"#, #"{"amount":1.5,"currency":"EUR"}"#, #"{"amount":"100","currency":"EUR"}"#,
        #"{"amount":100,"currency":"eur"}"#, #"{"amount":100}"#, #"{"amount":99999999999999999999,"currency":"EUR"}"#,
    ])
    func malformedAmountsAreRejected(json: String) {
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Money.self, from: Data(json.utf8)) }
    }

    @Test func priceLinesMustShareACurrency() {
        let json =
            #"{"nightly":{"amount":1,"currency":"EUR"},"taxes":{"amount":1,"currency":"USD"},"fees":{"amount":1,"currency":"EUR"},"total":{"amount":3,"currency":"EUR"}}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(PriceBreakdown.self, from: Data(json.utf8)) }
    }

    @Test func offersAndHoldsRoundTripThroughTheWireForm() throws {
        let offer = BookingFlow.Samples.offer
        let data = try JSONEncoder().encode(offer)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["offerId"] as? String == "offer-1" && object["quoteId"] as? String == "quote-1")
        #expect(try JSONDecoder().decode(Offer.self, from: data) == offer)
        let hold = BookingFlow.Samples.hold
        #expect(try JSONDecoder().decode(Hold.self, from: try JSONEncoder().encode(hold)) == hold)
        let negative =
            #"{"holdId":"h","expiresInMs":-5,"price":{"nightly":{"amount":1,"currency":"EUR"},"taxes":{"amount":1,"currency":"EUR"},"fees":{"amount":1,"currency":"EUR"},"total":{"amount":3,"currency":"EUR"}}}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Hold.self, from: Data(negative.utf8)) }
    }
}
