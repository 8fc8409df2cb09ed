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
    /// The server's version of the booking this copy holds: a later change
    /// (a cancellation) has a higher one.
    public var version: Version
    /// The money given back for a cancelled trip, as the server last
    /// reported it: its amount, whether it is still pending or has been
    /// refunded (or failed), and when. Nil while confirmed, and for a trip
    /// cancelled with no refund reported. A pending refund is brought up to
    /// date by the next sync (`syncTrips`, launch reconciliation).
    public var refund: Refund?
    /// Whether this device saved it. `false` only for a payment's
    /// confirmation the device could not save (its storage full): the trip
    /// is confirmed on the server and saved at the next launch.
    public var isSavedOnDevice = true

    /// A trip from the server's booking, not saved on this device.
    init(unsaved booking: Booking, at date: Date) {
        id = booking.id
        status = booking.status
        checkIn = booking.checkIn
        checkOut = booking.checkOut
        voucherCode = booking.voucherCode
        details = nil
        syncedAt = date
        version = booking.version
        isSavedOnDevice = false
    }

    /// The trip as a read of the server's booking has it, which this device
    /// saved.
    init(read snapshot: BookingSnapshot, at date: Date) {
        self.init(unsaved: Booking(snapshot), at: date)
        refund = snapshot.refund?.refund
        isSavedOnDevice = true
    }

    init(_ trip: TripRepository.Trip) {
        id = trip.record.bookingID
        status = trip.record.status
        checkIn = CalendarDate(trip.record.checkIn)
        checkOut = CalendarDate(trip.record.checkOut)
        voucherCode = trip.record.voucherCode
        details = trip.details
        syncedAt = trip.record.syncedAt
        version = trip.record.version
        refund = trip.record.refund
    }
}
