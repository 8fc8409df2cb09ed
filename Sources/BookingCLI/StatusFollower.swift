import BookingAPI
import BookingCore
import BookingKit
import Foundation

/// `booking status --follow`: an attempt still being checked waits on the
/// server's change channel (`GET /v1/events`, held open up to 25 s at a
/// time), and each change of its booking is handed to the client as a push
/// would be (`pushReceived`): the server is asked once, and its answer is
/// what is printed. Nothing is sent again; nothing of the change itself is
/// shown.
struct StatusFollower {
    /// How long `--follow` waits in all.
    static let limit: Duration = .seconds(600)
    /// How long one request to the channel is held open.
    static let waitSeconds = 25

    let services: Services
    let driver: FlowDriver
    let invocation: Invocation

    /// Follows `attempt` from the change `since` (from now when nil) until it
    /// settles or `limit` passes: the payment's report and exit code.
    func follow(_ attempt: SavedAttempt, since: Int64?) async -> ExitCode {
        let client = services.client
        if !invocation.json { invocation.say("Waiting for the server to say the booking changed (Ctrl-C stops)...") }
        var after = since
        let deadline = ContinuousClock.now.advanced(by: Self.limit)
        var state = await client.state
        while ContinuousClock.now < deadline {
            let changes: BookingEvents
            do {
                changes = try await client.api.events(after: after, waitSeconds: Self.waitSeconds)
            } catch {
                if !invocation.json {
                    invocation.say("The server's change channel did not answer (\(error)); run `booking status` later.")
                }
                break
            }
            after = changes.lastSeq
            let saved = (try? await client.savedAttempt(attempt.attemptID)).flatMap { $0 } ?? attempt
            let booking = saved.bookingID
            guard changes.items.contains(where: { booking == nil || $0.bookingId == booking }) else { continue }
            let payload =
                booking.map { #"{"bookingId": "\#($0.rawValue)"}"# }
                ?? #"{"attemptId": "\#(attempt.attemptID.rawValue)"}"#
            do {
                _ = try await client.pushReceived(Data(payload.utf8))
            } catch {
                if !invocation.json { invocation.say("The change could not be followed: \(error)") }
                break
            }
            state = await driver.follow(for: FlowDriver.paymentBudget)
            if ExitCode(stage: state.stage) != .unknown { break }
        }
        return PaymentReport.print(state, driver: driver, invocation: invocation)
    }
}
