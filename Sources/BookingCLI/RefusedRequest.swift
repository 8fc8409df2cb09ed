import BookingAPI
import Primitives

/// Why a request of this run never left when the network was not the
/// reason: the server's certificate refused, the server's name with no
/// address, the trusted certificates unreadable. Set by
/// `OfflineNoticingTransport`; a command whose flow only says "could not"
/// (a hold) names it from here.
package final class RefusedRequest: Sendable {
    private let error = Locked<TransportError?>(nil)

    /// None yet.
    package init() {}

    /// Notes `refusal`; the first one stays.
    func record(_ refusal: TransportError) {
        error.withLock { $0 = $0 ?? refusal }
    }

    /// The refusal in words ("the secure connection failed (the server's
    /// certificate is not trusted for bk.test: ...)"), if there was one.
    package var reason: String? {
        error.withLock { $0.map { "\($0)" } }
    }
}
