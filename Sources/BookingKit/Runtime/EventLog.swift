import BookingCore
import BookingPrimitives
import Foundation

/// The booking flow's event log, as the runtime, bug reports and replay
/// name it.
package typealias EventLog = FlowEventLog<BookingFlow>

/// An append-only log of one flow's events (any `FlowMachine`: a booking, a
/// cancellation, a change of dates), one JSON object per line: the time,
/// the flow's name, the event, and the state and effects it led to (by
/// name).
///
/// Payment tokens are never written (`FlowMachine.loggable`: replaced with
/// `[redacted]`), nor any digit run that looks like a card number.
/// Replaying a log through `reduce` (`FlowReplay`) reproduces the same
/// states and effects, so a bug report replays exactly. The file is created
/// `0600` in a `0700` directory, and never opened through a symbolic link.
package final class FlowEventLog<Machine: FlowMachine>: Sendable {
    /// One line of the log.
    package struct Entry: Codable, Equatable, Sendable {
        /// Position in the log, from 1.
        package var sequence: Int
        /// Wall-clock time of the event, milliseconds since 1970 (for people; the reducer never sees it).
        package var at: Int64
        /// The event, redacted.
        package var event: Machine.Event
        /// The stage the event led to.
        package var state: String
        /// The effects it asked for, by name.
        package var effects: [String]
        /// The flow's name (`FlowMachine.flowName`); absent in the booking
        /// flow's logs written before 2026-12-05.
        package var flow: String? = nil
        /// The rollout group of the run (`Configuration.cohort`); absent
        /// without one.
        package var cohort: String? = nil
    }

    /// The log file's path.
    package let path: String
    private let writer: Locked<(handle: FileHandle?, sequence: Int)>
    private let now: @Sendable () -> Date
    private let logger: Logger
    private let cohort: String?

    /// Opens (creating `0600` if needed) the log at `path` for appending.
    ///
    /// - Throws: `EventLogError.unwritable` when the file or its directory
    ///   is a symbolic link (never followed: nothing it points to is created
    ///   or written), is not a regular file or directory, or cannot be
    ///   created.
    package init(
        path: String, dependencies: Dependencies = .live, logHandler: any LogHandler = SilentLogHandler(),
        cohort: String? = nil
    ) throws {
        self.path = path
        self.cohort = cohort
        now = dependencies.now
        let logger = Logger(handler: logHandler, source: "event-log")
        self.logger = logger
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty { try Platform.makeLogDirectory(directory) }
        let handle = try Platform.openForAppending(path)
        let existing: Int
        do {
            existing = try Self.read(path).count
        } catch {
            // Appending goes on; the sequence restarts from 1 after the bad line.
            logger.warning("cannot read the event log to continue its sequence", error: error, ["path": path])
            existing = 0
        }
        writer = Locked((handle: handle, sequence: existing))
    }

    deinit {
        // Every line was written unbuffered when appended: closing loses nothing.
        writer.withLock { try? $0.handle?.close() }
    }

    /// Appends one event with the state and effects it led to. Never throws:
    /// a log that cannot be written must not stop a booking.
    package func append(_ event: Machine.Event, state: Machine.State, effects: [Machine.Effect]) {
        let at = Int64(now().timeIntervalSince1970 * 1_000)
        writer.withLock { writer in
            writer.sequence += 1
            let entry = Entry(
                sequence: writer.sequence, at: at, event: Machine.loggable(event),
                state: Machine.name(of: Machine.stage(of: state)), effects: effects.map(Machine.effectName(of:)),
                flow: Machine.flowName, cohort: cohort)
            let effect = entry.effects.first ?? ""
            do {
                guard let clean = Self.redactingStrings(try EventLogCoding.encoder.encode(entry)) else {
                    throw EventLogError.unwritable(path: path, reason: "the entry is not JSON")
                }
                try writer.handle?.write(contentsOf: clean + Data("\n".utf8))
            } catch {
                // A cache for bug reports: the booking goes on without it.
                logger.warning(
                    "cannot write the event log", error: error,
                    ["path": path, "sequence": "\(writer.sequence)", "state": entry.state, "effect": effect])
            }
        }
    }

    /// Appends `events` as the flow takes them from `state`, each with the
    /// state and effects `reduce` gives: the steps that led to where a run
    /// picks the flow up (a change of dates starts at its accepted quote).
    package func appendSteps(_ events: [Machine.Event], from state: Machine.State) {
        var state = state
        for event in events {
            let step = Machine.reduce(state, event)
            append(event, state: step.state, effects: step.effects)
            state = step.state
        }
    }

    /// The JSON with every string value (never a number) cleared of
    /// card-number-like digit runs.
    static func redactingStrings(_ json: Data) -> Data? {
        func clean(_ value: Any) -> Any {
            switch value {
            case let text as String: return Redaction.removingCardNumbers(text)
            case let array as [Any]: return array.map(clean)
            case let object as [String: Any]: return object.mapValues(clean)
            default: return value
            }
        }
        // Nil only for data that is not JSON; the caller logs it.
        guard let object = try? JSONSerialization.jsonObject(with: json) else { return nil }
        return try? JSONSerialization.data(withJSONObject: clean(object), options: [.sortedKeys])
    }

    /// Reads every entry of the log at `path`. A last line without its
    /// newline that is not an entry, after entries, is one still being
    /// written (a run appending now) or cut by a crash: it is left out,
    /// never a reason to refuse the lines before it.
    ///
    /// - Throws: `EventLogError` naming the first other line that is not an entry.
    package static func read(_ path: String) throws -> [Entry] {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw EventLogError.unreadable(path: path, reason: error.localizedDescription)
        }
        var entries: [Entry] = []
        let lines = data.split(separator: UInt8(ascii: "\n"))
        let unfinished = data.last != UInt8(ascii: "\n") ? lines.count - 1 : nil
        for (number, line) in lines.enumerated() where !line.isEmpty {
            do {
                entries.append(try JSONDecoder().decode(Entry.self, from: Data(line)))
            } catch {
                if number == unfinished && !entries.isEmpty { break }
                throw EventLogError.badLine(
                    number: number + 1, reason: String(describing: error).prefix(200).description)
            }
        }
        return entries
    }
}

/// The encoder every event log writes with (a generic type keeps no
/// stored static).
enum EventLogCoding {
    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()
}

/// Why a log could not be read or written.
package enum EventLogError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The log could not be read.
    case unreadable(path: String, reason: String)
    /// A line is not an entry.
    case badLine(number: Int, reason: String)
    /// The log could not be opened for writing (a symbolic link, not a file, ...).
    case unwritable(path: String, reason: String)

    package var description: String {
        switch self {
        case .unreadable(let path, let reason): return "cannot read \(path): \(reason)"
        case .badLine(let number, let reason): return "line \(number) is not a log entry: \(reason)"
        case .unwritable(let path, let reason): return "cannot write the event log \(path): \(reason)"
        }
    }
}
