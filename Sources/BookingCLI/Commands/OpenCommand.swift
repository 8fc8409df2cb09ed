import BookingCore
import BookingKit
import BookingStore
import CommandLineKit

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
            case .challengeReturned(let id):
                return try await Self.challengeReturned(id, invocation)
            }
        } catch let rejection as DeepLinkRejection {
            throw CommandFailure.rejected("rejected link: \(Self.reason(rejection, host: parser.host))")
        }
    }

    /// If the payment waiting here (for 3-D Secure or its result) is
    /// booking `id`'s, restores it, tells the flow the user came back and
    /// follows it to an outcome. A link for any other booking is refused
    /// before anything is restored or sent (exit 2).
    private static func challengeReturned(_ id: BookingID, _ invocation: Invocation) async throws -> ExitCode {
        let services = try invocation.services(eventLog: "open")
        let driver = FlowDriver(services: services, showsProgress: !invocation.json)
        do {
            try await services.client.returnedFromBank(for: id)
        } catch .noPaymentWaiting {
            throw CommandFailure.rejected(
                "no payment here is waiting for booking \(id.rawValue.terminalSafe); nothing was "
                    + "changed (`booking status` shows the current one, `booking trip \(id.rawValue.terminalSafe)` a trip)"
            )
        } catch {
            throw CommandFailure.failed("cannot read the saved attempt: \(error)")
        }
        let state = await driver.follow(for: FlowDriver.paymentBudget)
        return PayCommand.finish(state, driver: driver, invocation: invocation)
    }

    /// Why a link was rejected, in words.
    static func reason(_ rejection: DeepLinkRejection, host: String) -> String {
        switch rejection {
        case .empty: return "it is empty"
        case .tooLong: return "it is too long"
        case .nonASCII: return "it has characters outside printable ASCII"
        case .controlCharacter: return "it has a control character or a space"
        case .backslash: return "it has a backslash"
        case .unsupportedScheme: return "only https:// links are opened"
        case .userInfo: return "it has a user name before the host"
        case .port: return "it names a port"
        case .trailingDotHost: return "its host ends with a dot"
        case .punycodeHost: return "its host is punycode"
        case .hostMismatch: return "it is not a link to \(host)"
        case .percentEncoding: return "it has percent-encoding"
        case .dotSegment: return "its path has a '.' or '..' segment"
        case .unknownPath: return "its path is not /trips/<id> or /bookings/<id>/3ds-return"
        case .emptyID: return "the trip id is empty"
        case .idTooLong: return "the trip id is too long"
        case .invalidIDCharacter: return "the trip id has characters other than letters, digits, '-' and '_'"
        case .query: return "it has a query string"
        case .fragment: return "it has a fragment"
        }
    }
}
