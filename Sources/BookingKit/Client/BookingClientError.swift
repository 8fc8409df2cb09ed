import Foundation

/// Why a `BookingClient` call did not do what it asked: the one error type
/// every throwing call of the client throws (`throws(BookingClientError)`),
/// except `bugReport(attempt:)` (`BugReportError`). Every case
/// says what the app can do next; none is a crash, and none loses a saved
/// attempt.
///
/// Catch it whole and switch on it (the pattern the documentation compiles):
///
/// ```swift
/// do {
///     let page = try await client.offers(at: place, checkIn: checkIn, checkOut: checkOut, guests: 2, page: 4)
///     show(page)
/// } catch {
///     switch error {
///     case .search(.noSuchPage(_, let pageCount)): showLastPage(pageCount)
///     case .search(.offlineWithoutCache), .serverUnreachable: showOfflineNotice()
///     case .secureConnectionRefused(let reason): showUntrustedNetwork(reason)
///     case .apiKeyRefused: signIn()
///     default: showError(error.description)
///     }
/// }
/// ```
public enum BookingClientError: Error, Equatable, Sendable, CustomStringConvertible {
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
    /// The trip is not on this device: `syncTrips()` fetches the account's
    /// bookings from the server.
    case unknownTrip(BookingID)
    /// `id` is not an id as the server makes them (1 to 64 letters, digits,
    /// `-` or `_`): nothing was read or sent.
    case malformedID(String)
    /// A return link from the bank's page named booking `id`, but no payment
    /// on this device waits for it: nothing was changed or sent.
    case noPaymentWaiting(BookingID)
    /// `open(_:)` was given a link it does not open: `reason` says why in
    /// words (`DeepLinkRejection.reason(host:)`). Nothing was read or sent.
    case linkRejected(reason: String)
    /// `pushReceived(_:)` was given a payload it does not take (empty, over
    /// 4,096 bytes, not a JSON object, naming neither a booking nor an
    /// attempt or both, an attempt this device does not have): `reason`
    /// says which. Nothing was read, changed or sent.
    case pushRejected(reason: String)
    /// The server could not be reached (offline, the connection refused, no
    /// answer in time): nothing changed on the server. Try again when the
    /// device is online. `reason` says which, in the transport's words.
    case serverUnreachable(reason: String)
    /// No secure connection to the server could be made, so nothing was
    /// sent: the server's certificate is not trusted for its host (an
    /// authority this device does not trust, another host's name, expired,
    /// a certificate with no subjectAltName), the server offers nothing
    /// newer than TLS 1.1, or the certificates this device was told to
    /// trust cannot be read (`SSL_CERT_FILE`, `SSL_CERT_DIR` on Linux).
    /// `reason` names which, with the host.
    ///
    /// Not the network being down: trying again on the same network fails
    /// the same way, and someone may stand between the device and the
    /// server (a captive portal, a proxy that reads the traffic). Say so,
    /// never "offline".
    case secureConnectionRefused(reason: String)
    /// The server's name has no address (DNS), so nothing was sent: a
    /// misspelt or retired server name, or a network that answers no names.
    /// `reason` names the host.
    case noAddress(reason: String)
    /// The server asked not to be sent anything before `until`: nothing was
    /// sent. Call again after it.
    case waitRequested(until: Date)
    /// The server refused the request: HTTP `status`, its machine `code`
    /// when it sent one, and its words. The same request is refused again
    /// (404: the server has no such thing).
    case refused(status: Int, code: String?, message: String)
    /// The server failed the request, or answered with something the client
    /// does not trust: nothing was saved from it. Try again later.
    case serverFailed(reason: String)
    /// A search could not be answered (an invalid query, a page past the
    /// last, offline with nothing saved for it): `SearchError` says which.
    case search(SearchError)
    /// A cancellation did not end cancelled (already cancelled, refused, not
    /// sent, outcome not known yet): `CancelError` says which, and what was
    /// saved.
    case cancel(CancelError)
    /// A change of dates did not end changed (refused, quote expired, not
    /// sent, outcome not known yet): `ModifyError` says which, and what was saved.
    case modify(ModifyError)
    /// The client was closed (`close()`): it sends and saves nothing more.
    /// Make a new client for the data directory.
    case closed
    /// No one is signed in: `signOut()` ran, or the server refused the
    /// credential. Nothing was read or sent. Ask the user to sign in, then
    /// call `signedIn(_:)` and try again (`BookingModel` opens a link it
    /// kept).
    case signedOut
    /// This device has a confirmed booking of the same stay (the same
    /// property and room on the same dates): nothing was saved or sent.
    /// Say so ("You already booked this room for these dates") and hold
    /// again with `hold(_:bookingAgain: true)`, or ask for the change of
    /// dates with `modificationQuote(for:checkIn:checkOut:bookingAgain: true)`,
    /// only if the traveller wants a second room.
    case alreadyBooked(BookingID)
    /// The task calling it was cancelled (a search superseded by the next
    /// keystroke, a screen closed): nothing is concluded from it, and it
    /// is never "offline". Show nothing for it.
    case cancelled

    public var description: String {
        switch self {
        case .cancelled: return "cancelled by the caller"
        case .invalidServerAddress(let text, let reason): return "invalid server address \"\(text)\": \(reason)"
        case .dataDirectoryUnusable(let path, let reason): return "cannot use the data directory \(path): \(reason)"
        case .storageFull(let path): return "the device's storage is full: cannot open the databases in \(path)"
        case .apiKeyRefused: return "the server refused the API key"
        case .actionUnavailable(let action, let stage, let reason?):
            return "\(action.rawValue) is disabled in \(stage): \(reason)"
        case .actionUnavailable(let action, let stage, nil): return "\(action.rawValue) is not offered in \(stage)"
        case .timedOut(let stage): return "timed out waiting; the flow is in \(stage)"
        case .unknownTrip(let id): return "no trip \(id.rawValue) on this device"
        case .malformedID(let id): return "\"\(id)\" is not an id (1 to 64 letters, digits, '-' or '_')"
        case .noPaymentWaiting(let id): return "no payment here is waiting for booking \(id.rawValue)"
        case .linkRejected(let reason): return "rejected link: \(reason)"
        case .pushRejected(let reason): return "rejected push: \(reason)"
        case .serverUnreachable(let reason): return "the server cannot be reached: \(reason)"
        case .secureConnectionRefused(let reason), .noAddress(let reason): return "\(reason); nothing was sent"
        case .waitRequested(let until):
            return "the server asked to wait until \(until.formatted(.iso8601)); nothing was sent"
        case .refused(let status, let code, let message):
            return "the server refused the request (HTTP \(status)\(code.map { ", \($0)" } ?? "")): \(message)"
        case .serverFailed(let reason): return "the server failed the request: \(reason)"
        case .search(let error): return error.description
        case .cancel(let error): return error.description
        case .modify(let error): return error.description
        case .closed: return "the client is closed"
        case .signedOut: return "no one is signed in: sign in first"
        case .alreadyBooked(let id):
            return "you already booked this room for these dates (booking \(id.rawValue)); nothing was saved or sent"
        }
    }
}
