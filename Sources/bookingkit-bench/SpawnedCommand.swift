import Foundation

/// One command run as a child process (`posix_spawn`, then `wait4`): its
/// exit code, wall time and CPU time. Its standard output goes to a file,
/// read back after.
///
/// Not its peak memory: a spawned child shares this process's memory until
/// it execs, and Linux then keeps this process's peak as the child's
/// `ru_maxrss`. `GrowthProcessSuite` reads the peak from GNU `time`, a small
/// process that forks the command.
struct SpawnedCommand {
    /// How one run ended and what it cost.
    struct Run {
        /// The exit code; 128 + the signal's number when a signal ended it.
        let status: Int32
        /// From just before the spawn to the end of the wait, nanoseconds.
        let wallNanoseconds: Int64
        /// The child's user + system time, nanoseconds.
        let cpuNanoseconds: Int64
        /// Everything it wrote to standard output.
        let output: String
    }

    /// The program and its arguments, `arguments[0]` a path.
    let arguments: [String]

    /// Runs the command to its end; its standard output goes to
    /// `outputPath` (replaced), its standard error to this process's.
    func run(outputPath: String) throws -> Run {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let argv = arguments.map { strdup($0) } + [nil]
        let environment = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + environment).forEach { free($0) } }

        let start = ContinuousClock.now
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, arguments[0], &actions, nil, argv, environment)
        guard spawned == 0 else {
            throw BenchError(description: "cannot start \(arguments[0]): \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw BenchError(description: "wait4 failed for \(arguments[0])") }
        }
        let wall = (ContinuousClock.now - start).nanoseconds
        func nanoseconds(_ time: timeval) -> Int64 { Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_usec) * 1_000 }
        let signal = status & 0x7f
        return Run(
            status: signal == 0 ? (status >> 8) & 0xff : 128 + signal, wallNanoseconds: wall,
            cpuNanoseconds: nanoseconds(usage.ru_utime) + nanoseconds(usage.ru_stime),
            output: (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "")
    }
}
