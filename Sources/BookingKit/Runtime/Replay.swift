import BookingCore
import Foundation

/// The booking flow's replay, as bug reports and the command line name it.
package typealias Replay = FlowReplay<BookingFlow>

/// Replays a logged flow (any `FlowMachine`) through its `reduce`, state by
/// state.
package enum FlowReplay<Machine: FlowMachine> {
    /// The longest line a log may have: an entry is a few kilobytes at most,
    /// so a longer line is not an entry (and is never held in memory whole).
    package static var longestLine: Int { 1 << 20 }

    /// One replayed step.
    package struct Step: Equatable, Sendable {
        /// The log entry.
        package var entry: FlowEventLog<Machine>.Entry
        /// The stage `reduce` reached now.
        package var state: String
        /// The effects it asked for now, by name.
        package var effects: [String]
        /// The state after the step, for a screen to draw.
        package var fullState: Machine.State

        /// Whether the replay matches what was logged.
        package var matches: Bool { state == Machine.currentStageName(entry.state) && effects == entry.effects }
    }

    /// Runs every entry's event through `reduce` from `initial`.
    package static func run(
        _ entries: [FlowEventLog<Machine>.Entry], from initial: Machine.State = Machine.initialState
    )
        -> [Step]
    {
        var state = initial
        var steps: [Step] = []
        for entry in entries {
            let step = next(entry, after: &state)
            steps.append(step)
        }
        return steps
    }

    /// Replays the log at `path` one line at a time, handing each step to
    /// `body` as it is made: memory stays flat however long the log is.
    /// Stops after `limit` entries when given (a log still being written).
    ///
    /// - Returns: how many steps were replayed.
    /// - Throws: `EventLogError` for a file that cannot be read or a line
    ///   that is not an entry (after the steps before it), or what `body` throws.
    /// A read's failure in the system's words ("Input/output error"), not
    /// Foundation's ("The operation couldn't be completed... error 256").
    static func reason(_ error: any Error) -> String {
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
        if let posix = underlying, posix.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(posix.code)))
        }
        if (error as NSError).domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32((error as NSError).code)))
        }
        return error.localizedDescription
    }

    @discardableResult
    package static func stream(
        _ path: String, limit: Int? = nil, from initial: Machine.State = Machine.initialState,
        _ body: (Step) throws -> Void
    ) throws -> Int {
        let handle: FileHandle
        do {
            handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        } catch {
            throw EventLogError.unreadable(path: path, reason: Self.reason(error))
        }
        defer { try? handle.close() }
        let decoder = JSONDecoder()
        var state = initial
        var count = 0
        var lineNumber = 0
        var pending = Data()
        func replay(_ line: Data) throws {
            lineNumber += 1
            guard !line.isEmpty else { return }
            let entry: FlowEventLog<Machine>.Entry
            do {
                entry = try decoder.decode(FlowEventLog<Machine>.Entry.self, from: line)
            } catch {
                throw EventLogError.badLine(
                    number: lineNumber, reason: String(describing: error).prefix(200).description)
            }
            count += 1
            try body(next(entry, after: &state))
        }
        while limit.map({ count < $0 }) ?? true {
            let chunk: Data?
            do {
                chunk = try handle.read(upToCount: 1 << 16)
            } catch {
                throw EventLogError.unreadable(path: path, reason: Self.reason(error))
            }
            guard let chunk, !chunk.isEmpty else {
                if !pending.isEmpty { try replay(pending) }
                break
            }
            pending.append(chunk)
            var start = pending.startIndex
            while let newline = pending[start...].firstIndex(of: UInt8(ascii: "\n")) {
                if let limit, count >= limit { return count }
                try replay(pending[start..<newline])
                start = pending.index(after: newline)
            }
            pending = Data(pending[start...])
            guard pending.count <= longestLine else {
                throw EventLogError.badLine(number: lineNumber + 1, reason: "longer than \(longestLine) bytes")
            }
        }
        return count
    }

    private static func next(_ entry: FlowEventLog<Machine>.Entry, after state: inout Machine.State) -> Step {
        let (next, effects) = Machine.reduce(state, entry.event)
        state = next
        return Step(
            entry: entry, state: Machine.name(of: Machine.stage(of: next)),
            effects: effects.map(Machine.effectName(of:)),
            fullState: next)
    }
}
