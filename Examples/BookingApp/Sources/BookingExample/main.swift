// A whole app's use of BookingKit's public API against a sandbox: launch,
// search, hold, a declined card and another, 3-D Secure with the return
// link, a crash mid-payment and the recovery at the next launch, the trips
// stream, a cancel, and the trips listed with the server gone. Run it:
//
//     swift run BookingExample http://127.0.0.1:<port> <data directory>
import BookingKit
import Foundation

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
    print("usage: BookingExample <server> <data directory> [--crash-while-paying]")
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

// The child run of step 5: pays, and is killed once the payment has left.
if arguments.contains("--crash-while-paying") { await CrashRun.payAndDie(client) }

// 1. Launch: the device's state at once, anything left open settled.
let launch = await client.launch()
print("launch: \(launch.state.titleText.defaultValue), \(launch.openAttempts) attempt(s) left open")
// The checkout form's lead guest: Pay is disabled until the details are valid.
if let problem = await client.setGuest(GuestDetails(name: "Ana Silva", email: "ana@example.com")) {
    fail("guest: \(problem.field): \(problem.message)")
}

// 2. Search: pages from 1, filters, and the trips stream started.
let offers = try await Steps.offers(client)
let trips = TripWatcher(client)

// 3. Hold, pay with a card the bank declines, keep the room, pay with a
//    card that asks for 3-D Secure; the bank sends the user back by the
//    return link, which the app opens (`onOpenURL` in SwiftUI).
try await Steps.hold(offers[0], client)
let declined = try await client.pay(with: PaymentToken("tok_chargeDeclined"))
print("pay: \(Steps.describe(declined))")
guard declined == .declined, case .held = try await client.retry() else { fail("the room was not kept") }
let paid = try await client.pay(with: PaymentToken("tok_threeDSecureRequired"))
print("pay: \(Steps.describe(paid))")
guard case .needsBankPage(let page, _) = paid else { fail("no bank page") }
let returnLink = try await BankPage.complete(page.absoluteString)
guard case .payment = try await client.open(returnLink), let result = await client.waitForPayment(),
    case .confirmed(let trip) = result
else { fail("the return link did not confirm the payment") }
print("after the bank's page: \(Steps.describe(result))")
await trips.waitFor(trip.id, .confirmed)

// 4. A new booking from the confirmed screen, then cancel it.
try await client.choose(offers[1])
try await Steps.hold(offers[1], client)
guard case .confirmed(let second) = try await client.pay(with: PaymentToken("tok_visa")) else { fail("not paid") }
let cancelled = try await client.cancel(second.id)
print("cancel: \(cancelled.id.rawValue) \(cancelled.status.rawValue)")
await trips.waitFor(second.id, .cancelled)

// 5. A crash: a child process holds, pays and is killed (SIGKILL) once the
//    payment has left; this process's next launch recovers the payment to
//    one outcome (confirmed, or certainly not paid: never charged twice).
client.close()
let recovered = try await CrashRun.crashThenRecover(configuration)
print("recovered after the crash: \(recovered)")

// 6. The trips, offline: a client with no network lists them.
var offline = configuration
offline.transport = NoNetwork()
offline.launchBound = .zero
let offlineClient = try BookingClient(offline)
await offlineClient.launch()
let saved = try await offlineClient.savedTrips()
guard saved.contains(where: { $0.id == trip.id }) else { fail("the trip is not listed offline") }
print("trips offline: \(saved.map { "\($0.id.rawValue) \($0.status.rawValue)" }.joined(separator: ", "))")
guard case .trip(let linked) = try await offlineClient.open("https://links.example.com/trips/\(trip.id.rawValue)"),
    linked.id == trip.id
else { fail("the trip link did not open the trip") }
print("trip link: \(linked.id.rawValue)")
print("example: ok")
