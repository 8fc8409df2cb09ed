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

    /// The runtime and the saved rows are the package's own: an app reads
    /// the flow's state but cannot build one the reducer never makes, set
    /// its fields, or reach the store, the runner or the retry policy.
    /// (`scripts/check-examples.sh` compiles an outside package that tries
    /// each of these and must fail.)
    @Test(arguments: ["BookingAPI.txt", "BookingKit.txt", "BookingCore.txt"])
    func theRuntimeAndTheSavedRowsAreNotPublished(_ file: String) throws {
        let surface = try String(contentsOf: Self.api.appendingPathComponent(file), encoding: .utf8)
        let lines = surface.split(separator: "\n").map(String.init)
        for name in [
            "SavedAttempt", "AttemptChange", "RepositoryError", "FlowStore", "EffectRunner", "OutcomePolicy",
            "BookingSnapshot", "HoldSnapshot", "LedgerReport", "RecentSearchTable", "Unknown.token",
        ] {
            #expect(!surface.contains(name), "\(file) publishes \(name)")
        }
        let flowInits = lines.filter { $0.hasPrefix("BookingFlow.") && $0.contains(".init(") }
            .filter { !$0.contains("init(rawValue:)") && !$0.contains("init(from:)") }
        #expect(flowInits.isEmpty, "an app can build a flow state: \(flowInits)")
        let settable = lines.filter { $0.hasPrefix("BookingFlow.") && $0.contains("{ get set }") }
        #expect(settable.isEmpty, "an app can set a flow state's field: \(settable)")
    }
}
