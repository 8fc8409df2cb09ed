import BookingCore
import Foundation

extension TripRecord {
    /// This trip as a calendar event (`TripCalendar`): its hotel dates as an
    /// all-day stay, the property's name as the title, its address and city
    /// as the place, cancelled (with its refund as the note) when the booking
    /// was. Nil when the saved dates
    /// are not calendar dates (a damaged row: it is left out, never guessed).
    package var calendarEvent: TripCalendar.Event? {
        guard let checkIn = CalendarDate(checkIn), let checkOut = CalendarDate(checkOut) else { return nil }
        return TripCalendar.stay(
            bookingID: bookingID, version: version, checkIn: checkIn, checkOut: checkOut,
            propertyName: summary?.propertyName, roomName: summary?.roomName, address: summary?.address,
            city: summary?.city, isCancelled: status == .cancelled,
            stampUnixSeconds: Int64(syncedAt.timeIntervalSince1970.rounded(.down)), refund: refund)
    }
}
