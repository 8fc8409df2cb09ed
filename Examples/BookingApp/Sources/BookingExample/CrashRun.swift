import BookingKit
import Foundation

/// A real crash mid-payment: a child process of this example pays and is
/// killed with SIGKILL once the payment has left; the next launch on the
/// data directory recovers it.
enum CrashRun {
    /// The child: holds an offer, pays, and dies as soon as the flow says
    /// the payment request is out.
    static func payAndDie(_ client: BookingClient) async -> Never {
        await client.launch()
        await client.setGuest(GuestDetails(name: "Ana Silva", email: "ana@example.com"))
        let offers = try? await Steps.offers(client)
        guard let offer = offers?.last else { fail("child: no offers") }
        try? await Steps.hold(offer, client)
        let paying = Task { try await client.pay(with: PaymentToken("tok_visa")) }
        for await state in await client.states() where state.stage.name != "held" {
            // Real time: let the request reach the sandbox on loopback first.
            try? await Task.sleep(for: .milliseconds(200))
            print("child: killed after \(state.stage.name)")
            fflush(nil)  // the lines out before the kill
            kill(getpid(), SIGKILL)
        }
        _ = await paying.result
        fail("child: the payment never left")
    }

    /// Runs the child to its death, then launches a client on the same data
    /// directory and says how the payment the child left ended. Depending on
    /// the moment of the kill: it never left (the room is held again), the
    /// launch settled it with the server (`LaunchReport.settlement`), the
    /// flow looks it up (`waitForPayment()`), or it was paid before the kill.
    /// Whichever, the account has at most one new trip.
    static func crashThenRecover(_ configuration: BookingClient.Configuration) async throws -> String {
        let client = try BookingClient(configuration)
        let before = try await client.savedTrips().count
        let child = Process()
        child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        child.arguments = [configuration.server, configuration.dataDirectory.path, "--crash-while-paying"]
        try child.run()
        child.waitUntilExit()
        guard child.terminationReason == .uncaughtSignal, child.terminationStatus == SIGKILL else {
            fail("the child was not killed (status \(child.terminationStatus))")
        }
        let launch = await client.launch()
        print("launch after the crash: \(launch.state.titleText.defaultValue)")
        let outcome: String
        if let result = await client.waitForPayment() {
            outcome = "looked up: " + Steps.describe(result)
        } else if case .held = launch.state.stage {
            outcome = "the payment never left: the room is held again"
        } else if let settled = launch.settlement, settled.settledAnything {
            outcome = "settled at launch: \(settled)"
        } else {
            outcome = "paid before the kill"
        }
        let added = try await client.savedTrips().count - before
        guard added <= 1, added == 1 || !outcome.hasPrefix("paid") else {
            fail("\(added) new trip(s) after the crash (\(outcome))")
        }
        return outcome + ", \(added) new trip"
    }
}
