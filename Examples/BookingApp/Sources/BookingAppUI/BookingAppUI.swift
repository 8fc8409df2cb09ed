import BookingKit
import Foundation

/// What the screen needs from the app: a client made once at launch.
public enum BookingAppUI {
    /// A client for the sandbox on this machine, keeping its files in
    /// `directory`; the bank's page sends the user back by a universal link
    /// on `links.example.com`, which the screen opens.
    public static func sandboxClient(port: Int, directory: URL) throws -> BookingClient {
        try BookingClient(
            BookingClient.Configuration(
                server: "http://127.0.0.1:\(port)", credential: .apiKey("sk_test_app"), dataDirectory: directory,
                challengeReturnURL: "https://links.example.com/bookings/{bookingId}/3ds-return"))
    }
}
