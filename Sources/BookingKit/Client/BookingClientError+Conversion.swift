import BookingStore
import Foundation

extension BookingClientError {
    /// The client's error for what a repository, the search or the API client
    /// threw: each kind of failure mapped to the case that says what to do.
    /// `directory` names the data directory in a storage failure.
    package init(_ error: any Error, directory: String) {
        switch error {
        case let error as BookingClientError:
            self = error
        case is CancellationError:
            self = .cancelled
        case let error as SearchError:
            self = .search(error)
        case let error as CancelError:
            self = .cancel(error)
        case let error as ModifyError:
            self = .modify(error)
        case RepositoryError.unknownBooking(let id):
            self = .unknownTrip(id)
        case let error as APIError:
            self = Self(api: error)
        case let error where BookingDatabase.isStorageFull(error):
            self = .storageFull(path: directory)
        default:
            self = .dataDirectoryUnusable(path: directory, reason: String(describing: error))
        }
    }

    /// The client's error for the API client's.
    package init(api error: APIError) {
        switch error {
        case .final(.rejected(status: 401, _), _):
            self = .apiKeyRefused
        case .final(.rejected(let status, let code), let detail):
            self = .refused(status: status, code: detail?.code ?? code, message: detail?.message ?? "\(error)")
        case .notFound:
            self = .refused(status: 404, code: nil, message: "the server has no such thing")
        case .final(.waitRequested(let until), _):
            self = .waitRequested(until: Date(timeIntervalSince1970: TimeInterval(until)))
        case .final(.notSent(let reason), _):
            self = Self(notSent: reason)
        case .userFacing(let kind, let detail):
            self = .refused(status: 409, code: detail?.code, message: detail?.message ?? "\(kind)")
        case .final(.unavailable, _), .unknownOutcome, .invalidResponse:
            self = .serverFailed(reason: "\(error)")
        }
    }

    /// The client's error for a request that never left, by why: a refused
    /// certificate and a name with no address are not the network being
    /// down, and are not called so.
    private init(notSent reason: TransportError?) {
        guard let reason else {
            self = .serverUnreachable(reason: "nothing was sent")
            return
        }
        switch reason.failure {
        case .tlsFailure: self = .secureConnectionRefused(reason: "\(reason)")
        case .dnsFailure: self = .noAddress(reason: "\(reason)")
        case .notConnected, .cannotConnect, .timedOut, .connectionLost: self = .serverUnreachable(reason: "\(reason)")
        }
    }
}
