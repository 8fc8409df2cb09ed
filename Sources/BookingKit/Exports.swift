// `import BookingKit` alone brings everything an app needs: the domain
// types (`Offer`, `Money`, `CalendarDate`, `PaymentToken`, the flow's
// states and outputs) live in BookingCore, and the transport seam and the
// API's errors live in BookingAPI. Re-exporting the
// two modules whole keeps one name for each type (a typealias per type
// would hide the nested types and enum cases behind a second spelling, and
// drift as the modules grow). BookingStore is not re-exported: its tables
// are the client's business, reached only through `BookingClient`.
@_exported import BookingAPI
@_exported import BookingCore
