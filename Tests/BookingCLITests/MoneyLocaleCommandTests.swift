import BookingCLI
import BookingCore
import BookingTestSupport
import Foundation
import Testing

/// `booking` writes amounts for people in the locale the environment names
/// (`LC_ALL`, `LC_MONETARY`, `LANG`), the real binary run as a child: a
/// German `LANG` gives `1.234,50 €`, `C` keeps `EUR 1,234.50`, and `--json`
/// is the same bytes under both.
@Suite struct MoneyLocaleCommandTests {
    /// A German locale, as a shell sets it (the other two variables empty:
    /// the first one set and not empty wins).
    private static let german = ["LANG": "de_DE.UTF-8", "LC_ALL": "", "LC_MONETARY": ""]
    /// The neutral form.
    private static let neutral = ["LANG": "C", "LC_ALL": "", "LC_MONETARY": ""]
    /// A German amount: `.` grouping, `,` before the cents, the sign after a no-break space.
    private static var germanAmount: Regex<Substring> { /[0-9][0-9.]*,[0-9]{2}\u{00A0}€/ }

    private static func german(_ minorUnits: Any?) throws -> String {
        let units = try #require(minorUnits as? Int)
        let money = Money(minorUnits: Int64(units), currency: try #require(CurrencyCode("EUR")))
        return MoneyStyle(locale: Locale(identifier: "de_DE")).text(money)
    }

    @Test func offersWriteAmountsInTheLocaleOfLANGAndJSONStaysNeutral() async throws {
        let booking = Booking(label: "cli-money-locale")
        let words = [
            "offers", "--place", "plc_lisbon", "--check-in", Booking.date(20), "--check-out", Booking.date(22),
            "--guests", "2",
        ]
        let plain = try await booking.run(words, environment: Self.neutral)
        let german = try await booking.run(words, environment: Self.german)
        try #require(plain.status == 0 && german.status == 0, "\(plain.error) \(german.error)")
        #expect(plain.output.contains("  EUR ") && !plain.output.contains("€"), "\(plain.output)")
        #expect(plain.output.contains("Non-refundable: cancelling keeps EUR "), "\(plain.output)")
        #expect(!german.output.contains("EUR "), "\(german.output)")
        #expect(german.output.contains("Non-refundable: cancelling keeps "), "\(german.output)")

        let json = try await booking.run(words + ["--json"], environment: Self.neutral)
        let germanJSON = try await booking.run(words + ["--json"], environment: Self.german)
        let offers = try #require(try json.json()["offers"] as? [[String: Any]])
        let first = try #require((offers.first?["price"] as? [String: Any])?["total"] as? [String: Any])
        #expect(german.output.contains(try Self.german(first["amount"])), "\(german.output)")
        #expect(german.output.contains(Self.germanAmount), "\(german.output)")
        #expect(
            first["formatted"] as? String == plain.output.firstMatch(of: /EUR [0-9,]+\.[0-9]{2}/).map { String($0.0) })
        // The same offers, cached by the first run: the documents differ in nothing.
        #expect(germanJSON.output == json.output)
        #expect(!germanJSON.output.contains("€"))
    }

    @Test func aTripWithTheServerStoppedSaysItsNightsAndAmountsInTheLocaleOfLANG() async throws {
        let sandbox = try await SandboxProcess()
        let booking = Booking(server: sandbox.url, label: "cli-money-trip")
        let id = try await InProcess(sharing: booking).holdAndPay()
        await sandbox.stop()

        let german = try await booking.run(["trip", id], environment: Self.german)
        let plain = try await booking.run(["trip", id], environment: Self.neutral)
        try #require(german.status == 0 && plain.status == 0, "\(german.error) \(plain.error)")
        let json = try await booking.run(["trip", id, "--json"], environment: Self.neutral)
        let trip = try #require(try json.json()["trip"] as? [String: Any])
        let price = try #require(trip["price"] as? [String: Any])
        let (total, nightly) = (price["total"] as? [String: Any], price["nightly"] as? [String: Any])
        let nights = "2 nights at "
        #expect(
            plain.output.contains(
                "  price:     \(try #require(total?["formatted"] as? String)) (" + nights
                    + (try #require(nightly?["formatted"] as? String))),
            "\(plain.output)")
        #expect(!plain.output.contains("€"))
        #expect(
            german.output.contains(
                "  price:     \(try Self.german(total?["amount"])) (" + nights + (try Self.german(nightly?["amount"]))),
            "\(german.output)")
        #expect(!german.output.contains("EUR "), "\(german.output)")

        let germanJSON = try await booking.run(["trip", id, "--json"], environment: Self.german)
        let germanTrip = try #require(try germanJSON.json()["trip"] as? [String: Any])
        #expect(NSDictionary(dictionary: germanTrip).isEqual(to: trip))
        #expect(!germanJSON.output.contains("€"))
    }
}
