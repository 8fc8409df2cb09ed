import Foundation

// bookingkit-bench: the store against raw sqlite3 C, interleaved in one
// process. See BENCHMARKS.md and `bookingkit-bench --help`.

func log(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}

func runBenchmarks(_ options: Options) throws {
    if options.help {
        print(Options.usage)
        return
    }
    if options.list {
        for suite in Suites.all { print("\(suite.name)  \(suite.summary)") }
        return
    }
    let scratch = try ScratchDirectory(explicit: options.directory)
    if let side = options.fsyncProbe {
        try FsyncProbe.run(side: side, commits: options.commits, scratch: scratch)
        return
    }
    let machine = MachineInfo(scratch: scratch)
    let context = SuiteContext(scratch: scratch, scale: options.scale, log: log)
    let suites = options.suite.flatMap(Suites.named).map { [$0] } ?? Suites.all
    log("bookingkit-bench \(options.scale == .quick ? "--quick " : "")in \(scratch.path)")
    var figures: [Figure] = []
    for suite in suites {
        // Flush what earlier suites wrote, so that their writeback does not
        // land in this suite's timings.
        sync()
        log("\(suite.name): \(suite.summary)")
        figures += try suite.run(context)
    }
    let report = Report(figures: figures, machine: machine, scale: options.scale, loadAtEnd: MachineInfo.loadAverage())
    print(options.markdown ? report.markdown : report.text)
}

do {
    try runBenchmarks(try Options.parse(Array(CommandLine.arguments.dropFirst())))
} catch let error as UsageError {
    log("bookingkit-bench: \(error)\n\n\(Options.usage)")
    exit(2)
} catch {
    log("bookingkit-bench: \(error)")
    exit(1)
}
