import BookingPrimitives
import Foundation

#if os(Linux)
import Glibc
#endif

/// Runs programs as child processes for tests. Output is drained on threads
/// of its own before waiting, so a child that writes more than a pipe holds
/// never hangs.
///
/// On Linux the child is started with `posix_spawn`, not Foundation's
/// `Process`: there `run()` lists `/proc/self/fd` and copies each entry's
/// whole 256-byte name field, reading past the directory buffer when very
/// many descriptors are open (the HTTP load tests hold hundreds), which
/// crashed the test process. The child gets only stdin, stdout and stderr:
/// every other descriptor is closed in it.
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

    /// What the child reads on stdin.
    public enum Input: Sendable {
        /// A pipe that stays open until `closeInput` or `finish` (`write` feeds it).
        case pipe
        /// `/dev/null`: the child reads end of file at once.
        case nullDevice
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private struct Captured {
        var standard = Data()
        var error = Data()
        /// Set once the child is reaped: no signal is sent after that.
        var reaped: Result?
    }

    /// The child's process id.
    public let processIdentifier: Int32
    private let output = Locked(Captured())
    private let outputDone = DispatchGroup()
    private let input: FileHandle?
    #if !os(Linux)
    private let process = Process()
    #endif

    /// Starts `executable` with `arguments`, with this process's environment
    /// and `environment` over it.
    public init(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil, input: Input = .pipe
    ) throws {
        let merged = ProcessInfo.processInfo.environment.merging(environment ?? [:]) { $1 }
        #if os(Linux)
        var outPipe: [Int32] = [-1, -1]
        var errPipe: [Int32] = [-1, -1]
        var inPipe: [Int32] = [-1, -1]
        guard pipe(&outPipe) == 0, pipe(&errPipe) == 0, pipe(&inPipe) == 0 else {
            throw Failure(description: "pipe: errno \(errno)")
        }
        for descriptor in outPipe + errPipe + inPipe { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        let devNull = open("/dev/null", O_RDONLY | O_CLOEXEC)
        defer {
            close(outPipe[1])
            close(errPipe[1])
            close(inPipe[0])
            if devNull >= 0 { close(devNull) }
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input == .pipe ? inPipe[0] : devNull, 0)
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
        Self.closeFrom(3, in: &actions)

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var child = pid_t()
        let code = posix_spawn(&child, executable, &actions, nil, argv, envp)
        guard code == 0 else {
            [outPipe[0], errPipe[0], inPipe[1]].forEach { close($0) }
            throw Failure(description: "posix_spawn \(executable): errno \(code)")
        }
        processIdentifier = child
        if input == .pipe {
            self.input = FileHandle(fileDescriptor: inPipe[1], closeOnDealloc: true)
        } else {
            close(inPipe[1])
            self.input = nil
        }
        drain(FileHandle(fileDescriptor: outPipe[0], closeOnDealloc: true), isStandardOutput: true)
        drain(FileHandle(fileDescriptor: errPipe[0], closeOnDealloc: true), isStandardOutput: false)
        #else
        let stdoutPipe = Pipe()
        let stderrPipe = Pipe()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = merged
        process.standardOutput = stdoutPipe
        process.standardError = stderrPipe
        if input == .pipe {
            let stdinPipe = Pipe()
            process.standardInput = stdinPipe
            self.input = stdinPipe.fileHandleForWriting
        } else {
            process.standardInput = FileHandle.nullDevice
            self.input = nil
        }
        try process.run()
        processIdentifier = process.processIdentifier
        drain(stdoutPipe.fileHandleForReading, isStandardOutput: true)
        drain(stderrPipe.fileHandleForReading, isStandardOutput: false)
        #endif
    }

    #if os(Linux)
    /// `posix_spawn_file_actions_addclosefrom_np` (glibc 2.34+), found at run
    /// time since the Swift overlay does not declare it.
    private static func closeFrom(_ lowest: Int32, in actions: inout posix_spawn_file_actions_t) {
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")
        else { return }
        _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, lowest)
    }
    #endif

    private func drain(_ handle: FileHandle, isStandardOutput: Bool) {
        outputDone.enter()
        Thread.detachNewThread { [self] in
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                output.withLock { if isStandardOutput { $0.standard.append(chunk) } else { $0.error.append(chunk) } }
            }
            try? handle.close()
            outputDone.leave()
        }
    }

    /// Stdout so far.
    public var outputSoFar: String {
        output.withLock { String(decoding: $0.standard, as: UTF8.self) }
    }

    /// Waits (blocking) until stdout contains `text`, the child closes its
    /// output, or `timeout` passes; returns whether stdout contains it.
    public func waitForOutput(containing text: String, timeout: Duration = Poll.defaultTimeout) -> Bool {
        Poll.blockingUntil(timeout: timeout) {
            outputSoFar.contains(text) || outputDone.wait(timeout: .now()) == .success
        } && outputSoFar.contains(text)
    }

    /// Writes to the child's stdin (a `.pipe` input only).
    public func write(_ text: String) {
        try? input?.write(contentsOf: Data(text.utf8))
    }

    /// Closes the child's stdin.
    public func closeInput() {
        try? input?.close()
    }

    /// Sends `signal` to the child, never after it was reaped (its process
    /// id may belong to another process by then).
    public func kill(_ signal: Int32 = SIGKILL) {
        output.withLock { if $0.reaped == nil { _ = Foundation.kill(processIdentifier, signal) } }
    }

    /// Drains all output, then waits (blocking) for the child to end.
    public func finish() -> Result {
        closeInput()
        outputDone.wait()
        if let reaped = output.withLock({ $0.reaped }) { return reaped }
        #if os(Linux)
        var status: Int32 = 0
        while waitpid(processIdentifier, &status, 0) < 0 && errno == EINTR {}
        let signalled = status & 0x7f != 0
        let code = signalled ? status & 0x7f : (status >> 8) & 0xff
        #else
        process.waitUntilExit()
        let signalled = process.terminationReason == .uncaughtSignal
        let code = process.terminationStatus
        #endif
        return output.withLock {
            let result = Result(
                status: code, uncaughtSignal: signalled,
                standardOutput: String(decoding: $0.standard, as: UTF8.self),
                standardError: String(decoding: $0.error, as: UTF8.self))
            $0.reaped = result
            return result
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
