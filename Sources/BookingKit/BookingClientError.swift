/// Why a `BookingClient` call did not do what it asked. Every case says what
/// the app can do next; none is a crash, and none loses a saved attempt.
public enum BookingClientError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The configuration's server address is not one BookingKit can use
    /// (not http(s), no host, plain http to a host that is not loopback).
    case invalidServerAddress(String, reason: String)
    /// The data directory could not be created, or is not writable.
    case dataDirectoryUnusable(path: String, reason: String)
    /// The device's storage is full: the databases in `path` could not be
    /// opened, so nothing was saved or sent. Free some space and try again.
    case storageFull(path: String)
    /// The server refused the API key (HTTP 401): sign in again.
    case apiKeyRefused
    /// The action has no row in the current state: not on screen
    /// (`reason` nil), or on screen but disabled (`reason` says why).
    case actionUnavailable(BookingFlow.Action, stage: String, reason: String?)
    /// The wait ran out before the flow reached what was waited for; the
    /// flow goes on (a payment is never abandoned), `stage` is where it was.
    case timedOut(stage: String)
    /// The trip is not on this device.
    case unknownTrip(BookingID)
    /// A return link from the bank's page named booking `id`, but no payment
    /// on this device waits for it: nothing was changed or sent.
    case noPaymentWaiting(BookingID)
    /// `open(_:)` was given a link it does not open: `reason` says why in
    /// words (`DeepLinkRejection.reason(host:)`). Nothing was read or sent.
    case linkRejected(reason: String)

    public var description: String {
        switch self {
        case .invalidServerAddress(let text, let reason): return "invalid server address \"\(text)\": \(reason)"
        case .dataDirectoryUnusable(let path, let reason): return "cannot use the data directory \(path): \(reason)"
        case .storageFull(let path): return "the device's storage is full: cannot open the databases in \(path)"
        case .apiKeyRefused: return "the server refused the API key"
        case .actionUnavailable(let action, let stage, let reason?):
            return "\(action.rawValue) is disabled in \(stage): \(reason)"
        case .actionUnavailable(let action, let stage, nil): return "\(action.rawValue) is not offered in \(stage)"
        case .timedOut(let stage): return "timed out waiting; the flow is in \(stage)"
        case .unknownTrip(let id): return "no trip \(id.rawValue) on this device"
        case .noPaymentWaiting(let id): return "no payment here is waiting for booking \(id.rawValue)"
        case .linkRejected(let reason): return "rejected link: \(reason)"
        }
    }
}
