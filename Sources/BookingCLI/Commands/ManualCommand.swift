import BookingCommandLine

/// `booking manual`: the manual page in roff (section 1), generated from
/// the catalog (`ManualPage`), for `man -l -` or `~/.local/share/man/man1`.
struct ManualCommand: BookingCommand {
    static let spec = CommandSpec(
        name: "manual", summary: "print the manual page (roff, section 1)",
        discussion: "Install: `booking manual > ~/.local/share/man/man1/booking.1`, then `man booking`; "
            + "or read it now with `booking manual | man -l -`.")

    init(_ input: CommandInput) {}

    func run(_ invocation: Invocation) async throws -> ExitCode {
        let page = ManualPage().text
        if invocation.json {
            invocation.emit(["format": "roff", "section": 1, "text": .string(page)])
        } else {
            invocation.console.write(page)
        }
        return .done
    }
}
