import Foundation
import TestSupport

#if os(Linux)
import Glibc

/// A child process started with `posix_spawn`, its stdout and stderr drained
/// on threads of their own. Not Foundation's `Process`: on Linux its
/// `run()` lists `/proc/self/fd` and copies each entry's whole 256-byte name
/// field, reading past the directory buffer when very many descriptors are
/// open (the HTTP load tests beside these hold hundreds), which crashed the
/// test process. Here the child gets only stdin (`/dev/null`), stdout and
/// stderr: every other descriptor is closed in it.
final class Spawned: @unchecked Sendable {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The child's process id.
    let pid: pid_t
    private let lock = NSLock()
    private var output = Data()
    private var errorOutput = Data()
    private let drained = DispatchGroup()
    private var result: (status: Int32, signalled: Bool)?

    init(_ executable: String, _ arguments: [String], environment: [String: String]) throws {
        var outPipe: [Int32] = [-1, -1]
        var errPipe: [Int32] = [-1, -1]
        guard pipe(&outPipe) == 0, pipe(&errPipe) == 0 else { throw Failure(description: "pipe: errno \(errno)") }
        for descriptor in outPipe + errPipe { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        let devNull = open("/dev/null", O_RDONLY | O_CLOEXEC)
        defer {
            close(outPipe[1])
            close(errPipe[1])
            if devNull >= 0 { close(devNull) }
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, devNull, 0)
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
        Self.closeFrom(3, in: &actions)

        let merged = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var child = pid_t()
        let code = posix_spawn(&child, executable, &actions, nil, argv, envp)
        guard code == 0 else {
            [outPipe[0], errPipe[0]].forEach { close($0) }
            throw Failure(description: "posix_spawn \(executable): errno \(code)")
        }
        pid = child
        drain(outPipe[0], isOutput: true)
        drain(errPipe[0], isOutput: false)
    }

    /// `posix_spawn_file_actions_addclosefrom_np` (glibc 2.34+), found at run
    /// time since the Swift overlay does not declare it.
    private static func closeFrom(_ lowest: Int32, in actions: inout posix_spawn_file_actions_t) {
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")
        else { return }
        _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, lowest)
    }

    private func drain(_ descriptor: Int32, isOutput: Bool) {
        drained.enter()
        Thread.detachNewThread { [self] in
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { break }
                lock.lock()
                if isOutput {
                    output.append(contentsOf: buffer[0..<count])
                } else {
                    errorOutput.append(contentsOf: buffer[0..<count])
                }
                lock.unlock()
            }
            close(descriptor)
            drained.leave()
        }
    }

    /// Stdout so far.
    var outputSoFar: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: output, as: UTF8.self)
    }

    /// Waits (blocking) until stdout contains `text`, the child ends, or `timeout` seconds pass.
    func waitForOutput(containing text: String, timeout: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if outputSoFar.contains(text) { return true }
            if drained.wait(timeout: .now()) == .success { return outputSoFar.contains(text) }
            // check-no-sleep: allowed (the pause between two checks of a condition)
            Thread.sleep(forTimeInterval: 0.01)
        }
        return false
    }

    /// Sends `signal` to the child (never after it was reaped).
    func send(_ signal: Int32) {
        lock.lock()
        defer { lock.unlock() }
        if result == nil { _ = kill(pid, signal) }
    }

    /// Drains all output, then reaps the child (blocking).
    func finish() -> Booking.Run {
        drained.wait()
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let signalled = status & 0x7f != 0
        lock.lock()
        defer { lock.unlock() }
        result = (signalled ? status & 0x7f : (status >> 8) & 0xff, signalled)
        return Booking.Run(
            status: result?.status ?? -1, signalled: signalled,
            output: String(decoding: output, as: UTF8.self),
            error: String(decoding: errorOutput, as: UTF8.self),
            peakMemoryKilobytes: Int(usage.ru_maxrss))
    }
}

#else

/// Elsewhere, Foundation's `Process` (through `ChildProcess`) behind the same face.
final class Spawned: @unchecked Sendable {
    private let child: ChildProcess

    init(_ executable: String, _ arguments: [String], environment: [String: String]) throws {
        child = try ChildProcess(executable, arguments, environment: environment)
    }

    var pid: Int32 { child.processIdentifier }
    var outputSoFar: String { child.outputSoFar }

    func waitForOutput(containing text: String, timeout: TimeInterval) -> Bool {
        child.waitForOutput(containing: text, timeout: timeout)
    }

    func send(_ signal: Int32) { child.kill(signal) }

    func finish() -> Booking.Run {
        let result = child.finish()
        return Booking.Run(
            status: result.status, signalled: result.uncaughtSignal, output: result.standardOutput,
            error: result.standardError)
    }
}
#endif
