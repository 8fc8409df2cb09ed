import BookingAPI
import BookingKit
import Foundation

/// A command that could not do its job: printed as one line on stderr,
/// then the process exits with `code`.
package struct CommandFailure: Error, Sendable, CustomStringConvertible {
    /// The exit code.
    package let code: ExitCode
    /// What went wrong, for people, on one line.
    package let message: String

    /// A failure with its exit code.
    package init(_ code: ExitCode, _ message: String) {
        self.code = code
        self.message = message
    }

    /// Bad usage or rejected input (exit 2).
    package static func rejected(_ message: String) -> CommandFailure { CommandFailure(.usage, message) }

    /// A failed outcome (exit 1).
    package static func failed(_ message: String) -> CommandFailure { CommandFailure(.failed, message) }

    package var description: String { message }
}

extension CommandFailure {
    /// The failure for an API error met while `doing` something: refused
    /// input is exit 2, an unreachable server or a business refusal exit 1,
    /// an unknown outcome exit 3. A request that never left is said by why
    /// (`client(_:doing:)`): "offline" only when the network is.
    package static func api(_ error: any Error, doing: String) -> CommandFailure {
        guard let error = error as? APIError else {
            if let failure = error as? CommandFailure { return failure }
            return .failed("cannot \(doing): \(error)")
        }
        switch error {
        case .final(.rejected(let status, _), let detail):
            return .rejected("the server refused to \(doing) (HTTP \(status)): \(detail?.message ?? "\(error)")")
        case .notFound:
            return .rejected("cannot \(doing): the server has no such thing")
        case .final(.waitRequested(let until), _):
            let time = WaitUntilText.text(until: until, nowUnixSeconds: Int64(Date().timeIntervalSince1970))
            return .failed("cannot \(doing): the server asked us to wait until \(time); nothing was sent before then")
        case .final(.notSent, _):
            // Offline, no address, a certificate refused: said as the client says it.
            return .client(BookingClientError(api: error), doing: doing)
        case .final(.unavailable, _):
            return .failed("cannot \(doing): the server did not answer it (an error on its side: \(error))")
        case .userFacing(_, let detail):
            return .failed("cannot \(doing): \(detail?.message ?? "\(error)")")
        case .unknownOutcome:
            return CommandFailure(.unknown, "\(doing): \(error)")
        case .invalidResponse:
            return .failed("cannot \(doing): \(error)")
        }
    }
}

extension CommandFailure {
    /// A change of a booking that never left (`doing` it: "cancel bk_1"):
    /// `detail` says why (offline, a certificate refused, no address), not
    /// always the network.
    package static func nothingSent(doing: String, _ detail: String) -> CommandFailure {
        .failed("cannot \(doing): nothing was sent (\(detail.terminalSafe)); the booking stands")
    }

    /// A change of a booking that could not be saved (`saving`: "the
    /// cancellation of bk_1"), so nothing was sent.
    package static func storageFull(saving: String, _ error: any Error) -> CommandFailure {
        .failed("\(BookingFlow.storageFullMessage) (cannot save \(saving): \(error))")
    }

    /// The failure for a client error met while `doing` something, in the
    /// words and exit codes of `api(_:doing:)`: refused input is exit 2, an
    /// unreachable server or a business refusal exit 1.
    package static func client(_ error: BookingClientError, doing: String) -> CommandFailure {
        switch error {
        case .refused(404, nil, _):
            return .rejected("cannot \(doing): the server has no such thing")
        case .refused(let status, _, let message) where status != 409:
            return .rejected("the server refused to \(doing) (HTTP \(status)): \(message)")
        case .refused(_, _, let message):
            return .failed("cannot \(doing): \(message)")
        case .waitRequested(let until):
            let time = WaitUntilText.text(
                until: Int64(until.timeIntervalSince1970), nowUnixSeconds: Int64(Date().timeIntervalSince1970))
            return .failed("cannot \(doing): the server asked us to wait until \(time); nothing was sent before then")
        case .serverUnreachable(let reason):
            return .failed("cannot \(doing): offline, the server cannot be reached (\(reason))")
        case .secureConnectionRefused(let reason), .noAddress(let reason):
            // Not offline: the same network fails the same way.
            return .failed("cannot \(doing): \(reason); nothing was sent")
        case .serverFailed(let reason):
            return .failed("cannot \(doing): \(reason)")
        case .search(.noSuchPage), .search(.invalidQuery), .malformedID, .unknownTrip, .linkRejected,
            .pushRejected:
            return .rejected("\(error)")
        default:
            return .failed("cannot \(doing): \(error)")
        }
    }
}
