import BookingAPI
import BookingCore
import BookingKit
import Foundation

/// `booking cancel BOOKING_ID`: cancels a booking with the version this
/// device holds and a fresh Idempotency-Key; saves the answer as the trip.
enum CancelCommand {
    static func run(_ invocation: Invocation) async throws -> ExitCode {
        let id = BookingID(try Validate.identifier(invocation.command.arguments[0], name: "BOOKING_ID"))
        let services = try invocation.services()
        await services.reconcileAtLaunch()
        let trips = try services.trips()
        let booking: BookingSnapshot
        do {
            booking = try await trips.cancel(id, key: IdempotencyKey(UUID().uuidString.lowercased()))
        } catch RepositoryError.unknownBooking {
            throw CommandFailure.rejected("no trip \(id) on this device; `booking trips` lists them")
        } catch {
            throw CommandFailure.api(error, doing: "cancel \(id)")
        }
        if invocation.json {
            invocation.emit([
                "bookingId": .string(booking.bookingId.rawValue),
                "status": .string(booking.state.rawValue),
                "version": .int(booking.version.rawValue),
            ])
        } else {
            invocation.say(
                "Booking \(booking.bookingId.rawValue.terminalSafe): \(booking.state.rawValue.terminalSafe) "
                    + "(version \(booking.version.rawValue)).")
        }
        return booking.state == .cancelled ? .done : .failed
    }
}
