import BookingCommandLine
import BookingCore

/// `[--refresh] [--ics]`: how `trips` and `trip` show this device's copy of
/// the trips. Declared and read once for both commands.
struct TripCopyOptions: Sendable {
    /// With `--json` or `--ics`, wait for the server (bounded) before printing.
    static let refresh: TypedOption<Bool> = .flag(
        "--refresh", help: "with --json or --ics: refresh from the server first (bounded), not just this device's copy")

    /// The trips as one iCalendar document (`CalendarExport`) instead of the list.
    static let ics: TypedOption<Bool> = .flag(
        "--ics", help: "print the trips as one iCalendar document (RFC 5545) for a calendar app")

    /// The two as a command's spec lists them.
    static let specs = [refresh.spec, ics.spec]

    /// With `--json` or `--ics`: whether to wait for the server first.
    let refreshesFirst: Bool
    /// `--ics`: the calendar instead of the list.
    let calendar: Bool

    /// The two as given.
    init(_ input: CommandInput) throws(UsageError) {
        refreshesFirst = try input(Self.refresh)
        calendar = try input(Self.ics)
    }

    /// With `--ics`, prints the calendar of trip `id` (of every trip when
    /// nil) and answers its exit code; nil without `--ics`.
    func printCalendar(_ id: BookingID?, _ invocation: Invocation) async throws -> ExitCode? {
        guard calendar else { return nil }
        return try await CalendarExport.print(id, refreshingFirst: refreshesFirst, invocation)
    }
}
