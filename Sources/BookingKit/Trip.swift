import BookingStore
import Foundation

/// A confirmed (or cancelled) booking as saved on this device.
public struct Trip: Sendable, Equatable, Identifiable {
    /// The booking.
    public var id: BookingID
    /// Confirmed or cancelled.
    public var status: BookingStatus
    /// The first night.
    public var checkIn: CalendarDate?
    /// The day of departure.
    public var checkOut: CalendarDate?
    /// The voucher to show at the hotel, once confirmed.
    public var voucherCode: String?
    /// The property, room, guests and price, when the saved details read.
    public var details: TripDetails?
    /// When this copy was last synced with the server.
    public var syncedAt: Date

    init(_ trip: TripRepository.Trip) {
        id = trip.record.bookingID
        status = trip.record.status
        checkIn = CalendarDate(trip.record.checkIn)
        checkOut = CalendarDate(trip.record.checkOut)
        voucherCode = trip.record.voucherCode
        details = trip.details
        syncedAt = trip.record.syncedAt
    }
}
