import BookingCommandLine
import BookingCore
import BookingKit

/// `booking open URL`: a deep link through the strict deep-link parser; a
/// rejected link says why (exit 2), an accepted one shows its trip offline.
/// A 3-D Secure return link brings the waiting payment back and asks the
/// server how it ended (the link itself is only a hint).
enum OpenCommand: ArgumentCommand {
    static let name = "open"
    static let summary = "open a deep link such as https://example.com/trips/ID"
    static let argument = TypedArgument("URL", .text, help: "the link")

    static func run(_ link: String, _ invocation: Invocation) async throws -> ExitCode {
        let parser = DeepLinkParser(host: invocation.settings.linkHost)
        do {
            switch try parser.parse(link) {
            case .trip(let id):
                return try await TripCommand.show(id, invocation)
            case .challengeReturned:
                return try await Self.challengeReturned(link, invocation)
            }
        } catch let rejection as DeepLinkRejection {
            throw CommandFailure.rejected("rejected link: \(rejection.reason(host: parser.host))")
        }
    }

    /// If the payment waiting here (for 3-D Secure or its result) is the
    /// link's booking's, the client restores it, tells the flow the user came
    /// back, and this follows it to an outcome. A link for any other booking
    /// is refused before anything is restored or sent (exit 2).
    private static func challengeReturned(_ link: String, _ invocation: Invocation) async throws -> ExitCode {
        let services = try invocation.services(eventLog: "open")
        let driver = FlowDriver(services: services, showsProgress: !invocation.json)
        do {
            _ = try await services.client.open(link)
        } catch .noPaymentWaiting(let id) {
            throw CommandFailure.rejected(
                "no payment here is waiting for booking \(id.rawValue.terminalSafe); nothing was "
                    + "changed (`booking status` shows the current one, `booking trip \(id.rawValue.terminalSafe)` a trip)"
            )
        } catch .linkRejected(let reason) {
            throw CommandFailure.rejected("rejected link: \(reason)")
        } catch {
            throw CommandFailure.failed("cannot read the saved attempt: \(error)")
        }
        let state = await driver.follow(for: FlowDriver.paymentBudget)
        return PaymentReport.print(state, driver: driver, invocation: invocation)
    }
}
