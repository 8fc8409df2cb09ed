import BookingSandbox
import Foundation
import HTTPServer

/// `booking sandbox [--port N] [--seed N] [--hold-ttl-ms MS] [--fault-rate F=R]... [--fault-seed N]`:
/// the sandbox server in the foreground on 127.0.0.1, its database in
/// `<data-dir>/sandbox/`. Prints `listening on http://127.0.0.1:PORT` once it
/// serves; stops gracefully on SIGINT or SIGTERM.
enum SandboxCommand {
    static func run(_ invocation: Invocation) async throws -> ExitCode {
        let command = invocation.command
        let directory = (invocation.settings.dataDirectory as NSString).appendingPathComponent("sandbox")
        var configuration = SandboxConfiguration(
            databasePath: SandboxConfiguration.databasePath(inDataDirectory: directory))
        var listener = HTTPListener.Configuration()
        if let port = command.value("--port") {
            listener.port = UInt16(try Validate.integer(port, option: "--port", in: 0...65535))
        }
        if let seed = command.value("--seed") { configuration.inventorySeed = try number(seed, option: "--seed") }
        if let seed = command.value("--fault-seed") {
            configuration.faultSeed = try number(seed, option: "--fault-seed")
        }
        if let ttl = command.value("--hold-ttl-ms") {
            configuration.holdTTLMilliseconds = Int64(
                try Validate.integer(ttl, option: "--hold-ttl-ms", in: 1...86_400_000))
        }
        for text in command.values["--fault-rate"] ?? [] {
            let (fault, rate) = try faultRate(text)
            configuration.faultRates[fault] = rate
        }
        if let problem = configuration.validationProblem() { throw CommandFailure.rejected(problem) }
        try Services.makeDirectory(invocation.settings.dataDirectory)
        let server: SandboxServer
        do {
            server = try SandboxServer(configuration: configuration, listenerConfiguration: listener)
            try server.start()
        } catch {
            throw CommandFailure.failed("cannot start the sandbox: \(error)")
        }
        let stop = Flag()
        let handlers = Platform.handle([.interrupt, .terminate]) { _ in stop.set() }
        if invocation.json {
            invocation.emit([
                "url": .string(server.baseURL), "port": .int(Int64(server.port)),
                "database": .string(configuration.databasePath),
            ])
        } else {
            invocation.console.line("listening on \(server.baseURL)")
            invocation.console.note("database \(configuration.databasePath); Ctrl-C stops")
        }
        while !stop.isSet { try? await Task.sleep(for: .milliseconds(100)) }
        invocation.console.note("booking sandbox: shutting down")
        await server.shutdown()
        handlers.restore()
        return .done
    }

    private static func number(_ text: String, option: String) throws(UsageError) -> UInt64 {
        guard text.utf8.count <= 20, let value = UInt64(text) else {
            throw .invalidValue(option: option, value: text, reason: "not a whole number from 0")
        }
        return value
    }

    /// `FAULT=RATE`, e.g. `unavailable=0.1` or `delay-ms=300=0.2`.
    static func faultRate(_ text: String) throws(UsageError) -> (SandboxFault, Double) {
        guard let separator = text.lastIndex(of: "="), let fault = SandboxFault(String(text[..<separator])) else {
            throw .invalidValue(
                option: "--fault-rate", value: text,
                reason: "use FAULT=RATE with a fault such as unavailable or delay-ms=300")
        }
        let rate = try Validate.decimal(
            String(text[text.index(after: separator)...]), option: "--fault-rate", in: 0...1)
        return (fault, rate)
    }
}
