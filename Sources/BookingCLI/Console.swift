/// Where the CLI writes: lines to stdout (results) and stderr (errors,
/// progress in `--json` mode, launch notes), with colour only on a terminal
/// and never with `NO_COLOR`.
///
/// Writes go straight to the file descriptors (no buffering to lose at
/// `exit`). When the reader of stdout has gone (`booking ... | head`), a
/// command that only reads ends at once with code 0 and says nothing; a
/// command whose work moves money or holds rooms (`finishWorkWhenReaderLeaves`)
/// goes on to its outcome, its further stdout dropped, and exits with the
/// outcome's code.
public struct Console: Sendable {
    /// Whether stdout is a terminal (live countdowns, in-place updates).
    public let isTerminal: Bool
    /// Whether styles are applied.
    public let usesColour: Bool
    /// Shared by every copy of this console: the run has one stdout.
    private let finishesWork = Flag()
    private let readerGone = Flag()

    /// A console over the process's standard streams.
    ///
    /// - Parameter environment: read for `NO_COLOR` and `TERM`.
    public init(environment: [String: String]) {
        isTerminal = Platform.isTerminal(.output)
        let noColour = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        usesColour = isTerminal && !noColour && environment["TERM"] != "dumb"
    }

    /// A console with the given capabilities (tests).
    public init(isTerminal: Bool, usesColour: Bool) {
        self.isTerminal = isTerminal
        self.usesColour = usesColour
    }

    /// Writes `text` and a newline to stdout.
    public func line(_ text: String = "") {
        write(text + "\n")
    }

    /// Writes `text` to stdout as it is (no newline): in-place updates.
    /// Once the reader has gone, a run that finishes its work drops the text.
    public func write(_ text: String) {
        guard !readerGone.isSet else { return }
        if Platform.write(Array(text.utf8), to: .output) == .readerGone {
            guard finishesWork.isSet else { Platform.exit(ExitCode.done.rawValue) }
            readerGone.set()
        }
    }

    /// From now on, a reader of stdout that goes away never ends the
    /// process: the command finishes its work (sending, following to an
    /// outcome, saving) and its exit code tells how it ended.
    public func finishWorkWhenReaderLeaves() {
        finishesWork.set()
    }

    /// Whether stdout's reader went away while the work went on (the rest
    /// of stdout was dropped).
    public var hasLostReader: Bool { readerGone.isSet }

    /// Writes `text` and a newline to stderr.
    public func note(_ text: String) {
        _ = Platform.write(Array((text + "\n").utf8), to: .error)
    }

    /// `text` in `style` when colour is on; otherwise `text`.
    public func styled(_ text: String, _ style: Style) -> String {
        usesColour ? style.apply(text) : text
    }

    /// Empties the current terminal line and puts the cursor at its start.
    public func clearLine() {
        write("\r\u{1B}[K")
    }

    /// Rewrites the current terminal line with `text` (carriage return, then
    /// erase to the end of the line).
    public func overwriteLine(_ text: String) {
        write("\r" + text + "\u{1B}[K")
    }
}
