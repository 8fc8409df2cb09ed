import BookingCommandLine

/// What the manual page says beyond `--help`: the environment, the files
/// and examples. Kept beside the commands so both change together.
extension CommandCatalog {
    /// One named entry of a manual section: a variable, a file, an example.
    package typealias Entry = ManualContent.Entry

    /// The manual's sections beyond the commands and options (`ManualPage`).
    package static let manual = ManualContent(
        description: description,
        exitStatus: exitCodes.map { Entry(name: "\($0.code.rawValue)", help: $0.meaning) },
        environment: environment, files: files, examples: examples)

    /// The manual's description, one paragraph a string.
    package static let description = [
        "A crash-safe, offline-first hotel booking client: it never charges twice, never loses a confirmed booking, "
            + "never shows a spinner without an exit, and never trusts the device's wall clock for a hold.",
        "With no server given it starts the sandbox inside the process (on 127.0.0.1, an ephemeral port) and talks to "
            + "it over real HTTP, so it works on a fresh machine with nothing to set up. Every launch first settles "
            + "unfinished attempts with the server (at most 3 s). Every command takes `--help`.",
        "Text that does not come from the program itself (names from the server, saved trips, a replayed log, "
            + "arguments echoed in errors) is printed with control and bidi characters escaped, like `\\u{1b}`; "
            + "`--json` carries the exact text.",
    ]

    /// The environment variables `booking` reads.
    package static let environment: [Entry] = [
        .init(
            name: "BOOKING_SERVER",
            help: "the server's base URL when `--server` is not given: https, or http to this machine only; "
                + "without either, the embedded sandbox"),
        .init(
            name: "BOOKING_API_KEY",
            help: "the account's key when `--api-key` is not given (default \(Settings.demoKey)); "
                + "a rejected key is never echoed"),
        .init(
            name: "BOOKING_ACCOUNT",
            help: "the account's name on this device (default: its key): trips and payments stay with the account "
                + "when its key changes; another account or server on the data directory never sees them"),
        .init(
            name: "BOOKING_LINK_HOST",
            help: "the host `booking open` accepts deep links for (default \(Settings.defaultLinkHost))"),
        .init(
            name: StandardErrorLogHandler.variable,
            help: "`debug`, `info`, `warning` or `error`: what the library worked around or failed at, "
                + "from that level up, one line each on stderr (default: nothing)"),
        .init(
            name: "LANG",
            help: "the locale amounts are shown in for people (`de_DE.UTF-8`: `1.234,50 €`), after `LC_ALL` and "
                + "`LC_MONETARY`, the first set and not empty; `C`, `POSIX` or none: `EUR 1,234.50`; "
                + "`--json` never changes"),
        .init(name: "NO_COLOR", help: "when set and not empty, no colour (there is colour only on a terminal)"),
        .init(
            name: "XDG_DATA_HOME",
            help: "the data directory is `$XDG_DATA_HOME/booking` (an absolute path), else `~/.local/share/booking`"),
        .init(
            name: CrashHook.variable,
            help: "debug builds only: an effect boundary (`before pay`, `after requestHold`, ...) where the process "
                + "kills itself with SIGKILL, as a power cut would; release builds ignore it"),
    ]

    /// The data directory's layout.
    package static let files: [Entry] = [
        .init(
            name: "$XDG_DATA_HOME/booking/",
            help: "the data directory (else `~/.local/share/booking/`, or `--data-dir`), mode 0700, its databases 0600"),
        .init(
            name: "booking.sqlite",
            help: "attempts and confirmed trips, kept across crashes; never deleted"),
        .init(name: "cache.sqlite", help: "places, recent searches and pages of offers; rebuilt when damaged"),
        .init(
            name: "logs/",
            help: "one event log a run that drives the flow, `<UTC time>-<command>-<pid>.jsonl`, for `booking replay`; "
                + "the newest \(EventLogFiles.kept) of each command are kept"),
        .init(name: "sandbox/", help: "the embedded sandbox's database"),
        .init(
            name: "owner",
            help: "the server and account (a digest of its key or name) the data directory belongs to; every other "
                + "pair keeps its own files in `spaces/<name>/`, and finds them there when it comes back"),
    ]

    /// Command lines worth trying, each with what it does.
    package static let examples: [Entry] = [
        .init(name: "booking demo", help: "the whole job on the embedded sandbox: nothing to set up"),
        .init(name: "booking search Lisbon", help: "place suggestions"),
        .init(
            name: "booking offers --place plc_lisbon --check-in 2026-12-01 --check-out 2026-12-03 --guests 2",
            help: "the first page of offers"),
        .init(name: "booking hold OFFER_ID", help: "hold a room with a live countdown (`--no-wait` to return)"),
        .init(
            name: "booking pay --card tok_threeDSecureRequired --challenge fail", help: "a failed 3-D Secure payment"),
        .init(name: "booking trips", help: "your bookings, offline"),
        .init(name: "booking diagram --format dot | dot -Tsvg > flow.svg", help: "draw the booking flow"),
        .init(name: "booking manual > ~/.local/share/man/man1/booking.1", help: "install this page"),
    ]
}
