import BookingKit
import Foundation

#if canImport(UIKit)
import UIKit
#endif

/// A remote notification handed to the client as a hint: the server is
/// asked about the booking it names, and the app shows the server's answer.
/// The decision is kept outside UIKit's `#if`, so that Linux CI compiles it;
/// only the app delegate's method is Apple's.
public struct PushHandler: Sendable {
    /// Where the app goes after a push.
    public enum Destination: Sendable, Equatable {
        /// The booking screen: it follows the payment in `states()`.
        case bookingScreen
        /// The trip, as the server has it now.
        case trip(BookingID)
        /// Nowhere: the push was refused or the booking could not be read.
        case stay
    }

    /// The client the app keeps for its life.
    public let client: BookingClient

    /// A handler over `client`.
    public init(client: BookingClient) {
        self.client = client
    }

    /// Hands `payload` (the notification's JSON) to the client: where to go.
    public func handle(_ payload: Data) async -> Destination {
        do {
            switch try await client.pushReceived(payload) {
            case .payment: return .bookingScreen
            case .trip(let trip): return .trip(trip.id)
            }
        } catch {
            return .stay  // refused, another account's, or offline: nothing shown that the server did not say
        }
    }
}

#if canImport(UIKit)
extension PushHandler {
    /// `application(_:didReceiveRemoteNotification:)`'s work: the payload
    /// as JSON, handed to `handle(_:)`.
    @MainActor
    public func didReceiveRemoteNotification(_ userInfo: [AnyHashable: Any]) async -> UIBackgroundFetchResult {
        guard let payload = try? JSONSerialization.data(withJSONObject: userInfo) else { return .noData }
        return await handle(payload) == .stay ? .failed : .newData
    }
}
#endif
