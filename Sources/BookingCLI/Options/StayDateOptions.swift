import BookingCommandLine
import BookingCore

/// `--check-in DATE --check-out DATE`: a stay's dates, as `offers` takes
/// them for a search and `modify` for a booking's new dates. Declared once
/// for both: the two options, their reading and their check against each
/// other (the check-out after the check-in).
struct StayDateOptions: Sendable {
    /// The first night.
    let checkIn: TypedOption<CalendarDate>
    /// The day the stay ends.
    let checkOut: TypedOption<CalendarDate>

    /// The two options; `whose` begins each one's help (`the new ` for a
    /// booking's new dates).
    init(whose: String = "") {
        checkIn = .required("--check-in", .date, value: "DATE", help: whose + "check-in date, YYYY-MM-DD")
        checkOut = .required("--check-out", .date, value: "DATE", help: whose + "check-out date, YYYY-MM-DD")
    }

    /// The two as a command's spec lists them.
    var specs: [CommandSpec.Option] { [checkIn.spec, checkOut.spec] }

    /// Refuses a check-out that is not after the check-in (each date was
    /// read, and checked on its own, by its option).
    func check(checkIn first: CalendarDate, checkOut last: CalendarDate) throws(UsageError) {
        guard first < last else {
            throw .invalidValue(
                option: checkOut.spec.name, value: last.description, reason: "must be after \(checkIn.spec.name)")
        }
    }
}
