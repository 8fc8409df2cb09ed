import Foundation
import Primitives

/// Runs programs as child processes for tests. Output is drained before
/// waiting, so a child that writes more than a pipe holds never hangs.
public final class ChildProcess: @unchecked Sendable {
    /// What a finished child left.
    public struct Result: Sendable {
        /// Exit status, or the signal number when `uncaughtSignal`.
        public var status: Int32
        /// Whether the child died of a signal.
        public var uncaughtSignal: Bool
        /// Everything it wrote to stdout.
        public var standardOutput: String
        /// Everything it wrote to stderr.
        public var standardError: String
    }

    private let process = Process()
    private let stdoutPipe = Pipe()
    private let stderrPipe = Pipe()
    private let stdinPipe = Pipe()
    /// Stdout and stderr so far.
    private let output = Locked((standard: Data(), error: Data()))
    private let outputDone = DispatchGroup()

    /// Starts `executable` with `arguments`; stdin stays open until `closeInput`.
    public init(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) throws {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        process.standardOutput = stdoutPipe
        process.standardError = stderrPipe
        process.standardInput = stdinPipe
        try process.run()
        drain(stdoutPipe.fileHandleForReading, isStandardOutput: true)
        drain(stderrPipe.fileHandleForReading, isStandardOutput: false)
    }

    private func drain(_ handle: FileHandle, isStandardOutput: Bool) {
        outputDone.enter()
        Thread.detachNewThread { [self] in
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                output.withLock { if isStandardOutput { $0.standard.append(chunk) } else { $0.error.append(chunk) } }
            }
            outputDone.leave()
        }
    }

    /// The child's process id.
    public var processIdentifier: Int32 { process.processIdentifier }

    /// Stdout so far.
    public var outputSoFar: String {
        output.withLock { String(decoding: $0.standard, as: UTF8.self) }
    }

    /// Waits until stdout contains `text` or `timeout` seconds pass.
    public func waitForOutput(containing text: String, timeout: TimeInterval = 30) -> Bool {
        Poll.blockingUntil(timeout: .milliseconds(Int(timeout * 1000))) {
            outputSoFar.contains(text) || !process.isRunning
        } && outputSoFar.contains(text)
    }

    /// Writes to the child's stdin.
    public func write(_ text: String) {
        stdinPipe.fileHandleForWriting.write(Data(text.utf8))
    }

    /// Closes the child's stdin.
    public func closeInput() {
        try? stdinPipe.fileHandleForWriting.close()
    }

    /// Sends `signal` to the child.
    public func kill(_ signal: Int32 = SIGKILL) {
        Foundation.kill(process.processIdentifier, signal)
    }

    /// Drains all output, then waits for the child to end.
    public func finish() -> Result {
        closeInput()
        outputDone.wait()
        process.waitUntilExit()
        return output.withLock {
            Result(
                status: process.terminationStatus,
                uncaughtSignal: process.terminationReason == .uncaughtSignal,
                standardOutput: String(decoding: $0.standard, as: UTF8.self),
                standardError: String(decoding: $0.error, as: UTF8.self))
        }
    }

    /// Runs a program to the end and returns what it left.
    public static func run(_ executable: String, _ arguments: [String], input: String? = nil) -> Result {
        do {
            let child = try ChildProcess(executable, arguments)
            if let input { child.write(input) }
            return child.finish()
        } catch {
            return Result(status: -1, uncaughtSignal: false, standardOutput: "", standardError: "\(error)")
        }
    }
}
