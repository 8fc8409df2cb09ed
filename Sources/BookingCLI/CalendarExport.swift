import BookingCommandLine
import BookingCore
import BookingKit
import BookingPrimitives

/// `booking trips --ics` and `booking trip ID --ics` (`TripCopyOptions`): the device's trips as
/// one iCalendar document on stdout, for a calendar app to import (see
/// `TripCalendar`: all-day events in the hotel's dates, one per booking,
/// updated in place by `UID` and `SEQUENCE`, cancelled ones marked so).
/// From this device's copy, with no network unless `--refresh` asks to wait
/// for the server first. The text is the file's exact bytes (CRLF lines),
/// for a file or a pipe.
enum CalendarExport {
    /// Prints the calendar of trip `id`, or of every trip when nil.
    static func print(_ id: BookingID?, refreshingFirst: Bool, _ invocation: Invocation) async throws -> ExitCode {
        if invocation.json {
            throw CommandFailure.rejected("--ics and --json are two formats: give one of them")
        }
        let viewer = try TripViewer.local(invocation)
        if refreshingFirst { _ = await viewer.refresh(invocation) }
        let events = Locked<[TripCalendar.Event]>([])
        if let id {
            guard let trip = try await viewer.repository.trip(id) else {
                throw CommandFailure.rejected("no trip \(id) on this device; `booking trips` lists them")
            }
            if let event = trip.record.calendarEvent { events.withLock { $0.append(event) } }
        } else {
            _ = try await viewer.repository.forEachTrip(
                skipping: TripViewer.noteSkipping(invocation.console),
                { trip in
                    if let event = trip.record.calendarEvent { events.withLock { $0.append(event) } }
                })
        }
        invocation.console.write(TripCalendar(events: events.withLock { $0 }).text)
        return .done
    }
}
