// sandbox-server: runs the BookingKit sandbox (the REST contract's reference
// implementation, with fault injection) on 127.0.0.1. Argument parsing only;
// everything else is BookingSandbox's public API.
import BookingSandbox
import Dispatch
import Foundation
import HTTPServer

let usage = """
    usage: sandbox-server [options]

      --port N                  port on 127.0.0.1 (default 0: any free port)
      --data-dir PATH           directory of the database (file sandbox.sqlite)
      --db PATH                 the database file itself
                                (neither: a new temporary directory, state lost at exit)
      --seed N                  inventory seed (default 1)
      --hold-ttl-ms N           hold TTL in ms (default 900000 = 15 min)
      --max-hold-extensions N   extensions per hold (default 2)
      --key-lifetime-s N        idempotency-key lifetime in s (default 86400)
      --retry-after-s N         Retry-After of 429/503 (default 1)
      --fault-rate FAULT=RATE   a server-wide random fault, repeatable, e.g.
                                --fault-rate drop-response-after-commit=0.1
                                --fault-rate delay-ms=300=0.2
      --fault-seed N            seed of the fault draws (default 0)
      --help

    Prints "listening on http://127.0.0.1:PORT" once it serves; stops
    gracefully on SIGINT or SIGTERM.
    """

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("sandbox-server: \(message)\n\(usage)\n".utf8))
    exit(2)
}

func say(_ message: String, to handle: FileHandle = .standardOutput) {
    handle.write(Data((message + "\n").utf8))
}

/// The options given on the command line.
struct Options {
    var port: UInt16 = 0
    var configuration = SandboxConfiguration(databasePath: "")

    init(_ commandLine: [String]) {
        var arguments = commandLine[...]
        func value(_ option: String) -> String {
            guard let next = arguments.popFirst() else { fail("\(option) needs a value") }
            return next
        }
        func number<T: FixedWidthInteger>(_ option: String, as: T.Type) -> T {
            let text = value(option)
            guard let parsed = T(text) else { fail("\(option) needs a whole number, not '\(text)'") }
            return parsed
        }
        var databasePath: String?
        while let argument = arguments.popFirst() {
            switch argument {
            case "--port": port = number(argument, as: UInt16.self)
            case "--data-dir": databasePath = SandboxConfiguration.databasePath(inDataDirectory: value(argument))
            case "--db": databasePath = value(argument)
            case "--seed": configuration.inventorySeed = number(argument, as: UInt64.self)
            case "--hold-ttl-ms": configuration.holdTTLMilliseconds = number(argument, as: Int64.self)
            case "--max-hold-extensions": configuration.maximumHoldExtensions = number(argument, as: Int.self)
            case "--key-lifetime-s": configuration.idempotencyKeyLifetimeSeconds = number(argument, as: Int64.self)
            case "--retry-after-s": configuration.retryAfterSeconds = number(argument, as: Int.self)
            case "--fault-seed": configuration.faultSeed = number(argument, as: UInt64.self)
            case "--fault-rate":
                let text = value(argument)
                guard let separator = text.lastIndex(of: "="), let fault = SandboxFault(String(text[..<separator])),
                    let rate = Double(text[text.index(after: separator)...]), rate >= 0, rate <= 1
                else { fail("--fault-rate needs FAULT=RATE with a fault name and a rate 0...1, not '\(text)'") }
                configuration.faultRates[fault] = rate
            case "--help", "-h":
                say(usage)
                exit(0)
            default:
                fail("unknown option '\(argument)'")
            }
        }
        if let databasePath {
            configuration.databasePath = databasePath
        } else {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
                "bookingkit-sandbox-\(UUID().uuidString)")
            configuration.databasePath = SandboxConfiguration.databasePath(inDataDirectory: directory.path)
        }
        if let problem = configuration.validationProblem() { fail(problem) }
    }
}

let options = Options(Array(CommandLine.arguments.dropFirst()))
let configuration = options.configuration

var listenerConfiguration = HTTPListener.Configuration()
listenerConfiguration.port = options.port

let server: SandboxServer
do {
    server = try SandboxServer(configuration: configuration, listenerConfiguration: listenerConfiguration)
    try server.start()
} catch {
    say("sandbox-server: cannot start: \(error)", to: .standardError)
    exit(1)
}

say("database \(configuration.databasePath)", to: .standardError)
say("listening on \(server.baseURL)")

// Graceful shutdown on SIGINT/SIGTERM: stop accepting, let requests finish.
let (signals, signalContinuation) = AsyncStream<Int32>.makeStream()
signal(SIGINT, SIG_IGN)
signal(SIGTERM, SIG_IGN)
let signalSources = [SIGINT, SIGTERM].map { number in
    let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
    source.setEventHandler { @Sendable in signalContinuation.yield(number) }
    source.resume()
    return source
}
for await _ in signals { break }
say("sandbox-server: shutting down", to: .standardError)
await server.shutdown()
signalSources.forEach { $0.cancel() }
exit(0)
