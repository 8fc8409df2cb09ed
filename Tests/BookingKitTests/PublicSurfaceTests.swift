import Foundation
import Testing

/// What an app that links the library can call. The library's first rule is
/// that a payment or a hold leaves only after its attempt and key are
/// saved: the API client that sends them is the package's own, so an app
/// cannot send a payment with no saved row, nor the sandbox's test-only
/// calls. Read from `api/*.txt`, the published modules' surfaces that
/// `scripts/check-api.sh` holds to the code in every CI run.
@Suite struct PublicSurfaceTests {
    static let api = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("api")

    @Test(arguments: ["BookingAPI.txt", "BookingKit.txt", "BookingCore.txt"])
    func noPublishedModuleSendsAMoneyOrRoomRequestOutsideTheClient(_ file: String) throws {
        let surface = try String(contentsOf: Self.api.appendingPathComponent(file), encoding: .utf8)
        for call in [
            "BookingAPIClient", "createBooking", "createHold", "releaseHold", "closeKey", "sandboxLedger",
            "completeChallenge", "abandonBooking",
        ] {
            #expect(!surface.contains(call), "\(file) publishes \(call)")
        }
    }
}
