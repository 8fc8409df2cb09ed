// A whole booking through BookingKit's public API, as an app does it:
// launch, search, hold, pay through 3-D Secure, and the trip listed again
// with the server gone. Run it against a sandbox:
//
//     swift run BookingExample http://127.0.0.1:<port> <data directory>
import BookingKit
import Foundation

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    print("usage: BookingExample <server> <data directory>")
    exit(64)
}
let server = arguments[1]
let dataDirectory = URL(fileURLWithPath: arguments[2])

func fail(_ message: String) -> Never {
    print("example: FAIL: \(message)")
    exit(1)
}

let configuration = BookingClient.Configuration(
    server: server, credential: .apiKey("sk_test_example"), dataDirectory: dataDirectory,
    logHandler: PrintLogHandler(), launchBound: .seconds(2),
    challengeReturnURL: "https://links.example.com/bookings/{bookingId}/3ds-return")
let client = try BookingClient(configuration)

// 1. Launch: the device's state at once, anything left open settled.
let launch = await client.launch()
print("launch: \(launch.state.titleText.defaultValue), \(launch.openAttempts) attempt(s) left open")

// 2. Search: offers are domain values, dates are calendar dates.
let page = try await client.offers(
    at: "plc_lisbon", checkIn: CalendarDate(year: 2026, month: 12, day: 1)!,
    checkOut: CalendarDate(year: 2026, month: 12, day: 3)!, guests: 2)
guard let offer = page.items.first else { fail("no offers") }
print("offer: \(offer.propertyName), \(offer.roomName ?? "a room"), \(offer.quote.price.total.formatted)")

// 3. Hold: the client makes the attempt, its key and the clock reading.
try await client.hold(offer)
let held = try await client.outcome(timeout: .seconds(30))
guard held.stage.name == "held", let seconds = client.secondsLeft(in: held) else {
    fail("not held: \(held.titleText.defaultValue)")
}
print("held: \(seconds) s to pay")

// 4. Pay with a card that asks for 3-D Secure; answer the bank's page as
//    the user would in a browser; the bank sends the user back by the
//    return link, which the app opens (`onOpenURL` in SwiftUI).
try await client.pay(with: PaymentToken("tok_threeDSecureRequired"))
let challenge = try await client.outcome(timeout: .seconds(30))
guard case .challenge(let url)? = challenge.navigation else {
    fail("no bank page: \(challenge.titleText.defaultValue)")
}
print("bank page: \(url)")
let returnLink = try await BankPage.complete(url)
print("back by: \(returnLink)")
let returned = try await client.open(returnLink)
guard case .payment = returned else { fail("the return link did not bring the payment back") }
let outcome = try await client.wait(timeout: .seconds(30)) { $0.stage.isFinal }
print("outcome: \(outcome.titleText.defaultValue)")
guard case .confirmed(let settled) = outcome.stage else { fail("not confirmed") }

// 5. The trip, offline: a new client whose server is unreachable still
//    lists it from the device.
var offline = configuration
offline.server = "http://127.0.0.1:9"
offline.launchBound = .zero
let offlineClient = try BookingClient(offline)
await offlineClient.launch()
let trips = try await offlineClient.savedTrips()
guard let trip = trips.first(where: { $0.id == settled.booking.id }) else { fail("the trip is not listed offline") }
print("trip offline: \(trip.id.rawValue) \(trip.status.rawValue), voucher \(trip.voucherCode ?? "-")")
// A trip link (from an email, say) opens the same trip, still offline.
guard case .trip(let linked) = try await offlineClient.open("https://links.example.com/trips/\(trip.id.rawValue)"),
    linked.id == trip.id
else { fail("the trip link did not open the trip") }
print("trip link: \(linked.id.rawValue)")
print("example: ok")
