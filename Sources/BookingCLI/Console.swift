/// Where the CLI writes: lines to stdout (results) and stderr (errors,
/// progress in `--json` mode, launch notes), with colour only on a terminal
/// and never with `NO_COLOR`.
///
/// Every byte goes through the console's ``Sink``: the process's file
/// descriptors (``Sink/standardStreams``, written at once, no buffering to
/// lose at `exit`), or whatever a test records. When the reader of stdout
/// has gone (`booking ... | head`), a command that only reads ends at once
/// with code 0 and says nothing; a command whose work moves money or holds
/// rooms (`finishWorkWhenReaderLeaves`) goes on to its outcome, its further
/// stdout dropped, and exits with the outcome's code.
package struct Console: Sendable {
    /// Where a console's bytes go, and what stdout is.
    package struct Sink: Sendable {
        /// Whether stdout is a terminal (live countdowns, in-place updates).
        package var isTerminal: Bool
        /// Writes bytes to stdout; says whether its reader has gone.
        package var writeOutput: @Sendable ([UInt8]) -> Platform.WriteResult
        /// Writes bytes to stderr.
        package var writeError: @Sendable ([UInt8]) -> Void
        /// Called once when stdout's reader has gone and the command need not
        /// finish its work: the run ends quietly with code 0. Over the file
        /// descriptors it ends the process; a sink that returns lets the
        /// command go on with its stdout dropped, and `BookingTool` then
        /// returns `ExitCode.done`.
        package var readerLeft: @Sendable () -> Void
        /// Reads the person's answer to a question, a line (nil at the end
        /// of input); nil when there is no one to ask (stdin is not a
        /// terminal): a question is then never asked.
        package var readAnswer: (@Sendable () -> String?)?

        /// A sink of the given parts.
        package init(
            isTerminal: Bool, writeOutput: @escaping @Sendable ([UInt8]) -> Platform.WriteResult,
            writeError: @escaping @Sendable ([UInt8]) -> Void, readerLeft: @escaping @Sendable () -> Void,
            readAnswer: (@Sendable () -> String?)? = nil
        ) {
            self.isTerminal = isTerminal
            self.writeOutput = writeOutput
            self.writeError = writeError
            self.readerLeft = readerLeft
            self.readAnswer = readAnswer
        }

        /// The process's stdout and stderr (file descriptors 1 and 2); a
        /// reader of stdout that has gone ends the process with code 0.
        /// Answers are read from stdin when it is a terminal.
        package static var standardStreams: Sink {
            let readAnswer: (@Sendable () -> String?)? =
                Platform.isTerminal(.input) ? { @Sendable in readLine(strippingNewline: true) } : nil
            return Sink(
                isTerminal: Platform.isTerminal(.output),
                writeOutput: { Platform.write($0, to: .output) },
                writeError: { _ = Platform.write($0, to: .error) },
                readerLeft: { Platform.exit(ExitCode.done.rawValue) },
                readAnswer: readAnswer)
        }
    }

    /// Whether stdout is a terminal (live countdowns, in-place updates).
    package let isTerminal: Bool
    /// Whether styles are applied.
    package let usesColour: Bool
    /// How money is written for people (the environment's locale, or neutral).
    package let money: MoneyStyle
    private let sink: Sink
    /// Shared by every copy of this console: the run has one stdout.
    private let finishesWork = Flag()
    private let readerGone = Flag()

    /// A console over `sink` (by default the process's standard streams).
    ///
    /// - Parameter environment: read for `NO_COLOR`, `TERM` and the money
    ///   locale (`LC_ALL`, `LC_MONETARY`, `LANG`).
    package init(environment: [String: String], sink: Sink = .standardStreams) {
        self.sink = sink
        isTerminal = sink.isTerminal
        let noColour = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        usesColour = isTerminal && !noColour && environment["TERM"] != "dumb"
        money = MoneyStyle(environment: environment)
    }

    /// A console with the given capabilities over `sink` (tests), money
    /// in `money` (neutral unless given).
    package init(isTerminal: Bool, usesColour: Bool, money: MoneyStyle = .neutral, sink: Sink = .standardStreams) {
        self.isTerminal = isTerminal
        self.usesColour = usesColour
        self.money = money
        self.sink = sink
    }

    /// Whether a question can be asked: stdin is a terminal.
    package var canAsk: Bool { sink.readAnswer != nil }

    /// Writes `question` to stdout and reads the answer: yes only for `y`
    /// or `yes`; no at the end of input, or with no terminal to ask.
    package func confirm(_ question: String) -> Bool {
        guard let readAnswer = sink.readAnswer else { return false }
        line(question)
        guard let answer = readAnswer() else { return false }
        let word = answer.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }
        return ["y", "yes"].contains(String(word.reversed()).lowercased())
    }

    /// Writes `question` to stdout and reads the answer, trimmed of the
    /// line's end; nil at the end of input, or with no terminal to ask.
    package func ask(_ question: String) -> String? {
        guard let readAnswer = sink.readAnswer else { return nil }
        line(question)
        return readAnswer().map { String($0.reversed().drop { $0 == "\r" }.reversed()) }
    }

    /// Writes `text` and a newline to stdout.
    package func line(_ text: String = "") {
        write(text + "\n")
    }

    /// Writes `text` to stdout as it is (no newline): in-place updates.
    /// Once the reader has gone, a run that finishes its work drops the text.
    package func write(_ text: String) {
        guard !readerGone.isSet else { return }
        if sink.writeOutput(Array(text.utf8)) == .readerGone {
            readerGone.set()
            if !finishesWork.isSet { sink.readerLeft() }
        }
    }

    /// From now on, a reader of stdout that goes away never ends the
    /// process: the command finishes its work (sending, following to an
    /// outcome, saving) and its exit code tells how it ended.
    package func finishWorkWhenReaderLeaves() {
        finishesWork.set()
    }

    /// Whether stdout's reader went away while the work went on (the rest
    /// of stdout was dropped).
    package var hasLostReader: Bool { readerGone.isSet }

    /// Whether stdout's reader went away from a run that need not finish
    /// its work: it ends quietly with code 0, whatever the command returns.
    package var endsQuietly: Bool { readerGone.isSet && !finishesWork.isSet }

    /// Writes `text` and a newline to stderr (nothing once the run ends
    /// quietly: over the file descriptors the process has ended by then).
    package func note(_ text: String) {
        guard !endsQuietly else { return }
        sink.writeError(Array((text + "\n").utf8))
    }

    /// `text` in `style` when colour is on; otherwise `text`.
    package func styled(_ text: String, _ style: Style) -> String {
        usesColour ? style.apply(text) : text
    }

    /// Empties the current terminal line and puts the cursor at its start.
    package func clearLine() {
        write("\r\u{1B}[K")
    }

    /// Rewrites the current terminal line with `text` (carriage return, then
    /// erase to the end of the line).
    package func overwriteLine(_ text: String) {
        write("\r" + text + "\u{1B}[K")
    }
}
