import BookingCommandLine
import BookingCore
import BookingKit
import Foundation

/// `booking push PAYLOAD`: a push notification's payload, as an app hands
/// it to `BookingClient.pushReceived(_:)`. A push is only a hint: a payment
/// waiting here for the booking or attempt it names is asked about once
/// and followed to its outcome; any other booking of the account is read
/// again from the server and shown. Nothing of the payload but its id is
/// read; a payload it does not take is refused (exit 2) before anything is
/// sent.
enum PushCommand: ArgumentCommand {
    static let name = "push"
    static let summary = #"take a push's payload, such as {"bookingId":"ID"}, as a hint: ask the server once"#
    static let argument = TypedArgument(
        "PAYLOAD", .text, help: #"the payload's JSON: {"bookingId": ID} or {"attemptId": ID}"#)
    /// A payment it asks about is followed to its outcome.
    static let finishesItsWork = true

    static func run(_ payload: String, _ invocation: Invocation) async throws -> ExitCode {
        let services = try invocation.services(eventLog: "push")
        let driver = FlowDriver(services: services, showsProgress: !invocation.json)
        let opened: OpenedLink
        do {
            opened = try await services.client.pushReceived(Data(payload.utf8))
        } catch .pushRejected(let reason) {
            throw CommandFailure.rejected("rejected push: \(reason.terminalSafe); nothing was sent")
        } catch {
            throw CommandFailure.client(error, doing: "take the push")
        }
        switch opened {
        case .payment:
            let state = await driver.follow(for: FlowDriver.paymentBudget)
            return PaymentReport.print(state, driver: driver, invocation: invocation)
        case .trip(let trip):
            let viewer = try TripViewer.local(invocation)
            guard let saved = try await viewer.repository.trip(trip.id) else {
                throw CommandFailure.failed("the trip \(trip.id) was read but not saved on this device")
            }
            if invocation.json {
                invocation.emit(.object([("trip", TripRenderer.json(saved))]))
            } else {
                for line in TripRenderer(console: invocation.console).detail(saved) { invocation.say(line) }
            }
            return .done
        }
    }
}
