import BookingCommandLine
import BookingCore
import BookingHTTPServer
import BookingSandbox
import Foundation

/// `booking sandbox [--port N] [--seed N] [--hold-ttl-ms MS] [--key-lifetime S] [--fault-rate F=R]... [--fault-seed N]
/// [--disable-payment-method KIND[:REASON]]... [--guardrail-unknown-share S [--guardrail-window N]]`:
/// the sandbox server in the foreground on 127.0.0.1, its database in
/// `<data-dir>/sandbox/`. Prints `listening on http://127.0.0.1:PORT` once it
/// serves; stops gracefully on SIGINT or SIGTERM.
struct SandboxCommand: BookingCommand {
    static let port: TypedOption<Int> = .defaulted(
        "--port", .integer(in: 0...65535), default: 0, shown: "0: any free port", value: "N", help: "port on 127.0.0.1")
    static let seed: TypedOption<UInt64?> = .optional("--seed", .wholeNumber, value: "N", help: "inventory seed")
    static let holdTTL: TypedOption<Int> = .defaulted(
        "--hold-ttl-ms", .integer(in: 1...86_400_000), default: Int(SandboxConfiguration.defaultHoldTTLMilliseconds),
        value: "MS", help: "how long a hold lasts")
    static let keyLifetime: TypedOption<Int> = .defaulted(
        "--key-lifetime", .integer(in: 1...(30 * 86_400)),
        default: Int(SandboxConfiguration.defaultIdempotencyKeyLifetimeSeconds), value: "S",
        help: "how long an idempotency key is kept, in seconds (published as Idempotency-Key-Lifetime)")
    static let faultRates: TypedOption<[(SandboxFault, Double)]> = .repeated(
        "--fault-rate", faultRate, value: "FAULT=RATE",
        help: "inject FAULT on that share of requests, e.g. unavailable=0.1")
    static let faultSeed: TypedOption<UInt64?> = .optional(
        "--fault-seed", .wholeNumber, value: "N", help: "seed of the random faults")
    static let disabledMethods: TypedOption<[(PaymentMethodKind, String?)]> = .repeated(
        "--disable-payment-method", disabledMethod, value: "KIND[:REASON]",
        help: "switch a payment method kind off (card, wallet, threeDSecure), with the reason payers see")
    static let guardrailShare: TypedOption<Double?> = .optional(
        "--guardrail-unknown-share", guardrailShareParser, value: "S",
        help: "pause a kind once more than this share (0-1] of its last bookings were looked up after their POST")
    static let guardrailWindow: TypedOption<Int> = .defaulted(
        "--guardrail-window", .integer(in: 1...10_000), default: 20, value: "N",
        help: "how many of a kind's latest bookings the guardrail judges")

    /// `KIND[:REASON]`: a payment method kind, and the reason it is off.
    static let disabledMethod = ValueParser<(PaymentMethodKind, String?)>(kind: .text) {
        (text, name) throws(UsageError) in
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let kinds = PaymentMethodKind.allCases.map(\.rawValue).joined(separator: ", ")
        guard let kind = PaymentMethodKind(rawValue: String(parts[0])) else {
            throw .invalidValue(option: name, value: text, reason: "the kind must be one of \(kinds)")
        }
        let reason = parts.count > 1 ? String(parts[1]) : nil
        if let reason, reason.isEmpty || reason.count > 200 {
            throw .invalidValue(option: name, value: text, reason: "the reason must be 1 to 200 characters")
        }
        return (kind, reason)
    }

    /// A share above 0 and at most 1.
    static let guardrailShareParser = ValueParser<Double>(kind: .text) { (text, name) throws(UsageError) in
        let share = try Validate.decimal(text, option: name, in: 0...1)
        guard share > 0 else { throw .invalidValue(option: name, value: text, reason: "the share must be above 0") }
        return share
    }

    /// `FAULT=RATE`, e.g. `unavailable=0.1` or `delay-ms=300=0.2`: a fault
    /// and the share of requests that get it.
    static let faultRate = ValueParser<(SandboxFault, Double)>(kind: .text) { (text, name) throws(UsageError) in
        guard let separator = text.lastIndex(of: "="), let fault = SandboxFault(String(text[..<separator])) else {
            throw .invalidValue(
                option: name, value: text, reason: "use FAULT=RATE with a fault such as unavailable or delay-ms=300")
        }
        return (fault, try Validate.decimal(String(text[text.index(after: separator)...]), option: name, in: 0...1))
    }

    static let spec = CommandSpec(
        name: "sandbox", summary: "run the sandbox server in the foreground",
        discussion:
            "Coupon codes (POST /v1/holds/{holdId}/coupon, `booking coupon`): WELCOME10 10 % off any hold; "
            + "SPRING2026 expired; LISBON15 15 % off Lisbon rooms only; ONCE5 5 % off, once per account once a "
            + "booking paid with it is confirmed.",
        options: [
            port.spec, seed.spec, holdTTL.spec, keyLifetime.spec, faultRates.spec, faultSeed.spec,
            disabledMethods.spec, guardrailShare.spec, guardrailWindow.spec,
        ])

    /// The port to listen on (0: any free one).
    let port: UInt16
    /// The sandbox's settings from the options (`run` puts its database in
    /// the data directory).
    let configuration: SandboxConfiguration

    init(_ input: CommandInput) throws(UsageError) {
        port = UInt16(try input(Self.port))
        var configuration = SandboxConfiguration(databasePath: "")
        configuration.holdTTLMilliseconds = Int64(try input(Self.holdTTL))
        configuration.idempotencyKeyLifetimeSeconds = Int64(try input(Self.keyLifetime))
        if let seed = try input(Self.seed) { configuration.inventorySeed = seed }
        if let seed = try input(Self.faultSeed) { configuration.faultSeed = seed }
        for (fault, rate) in try input(Self.faultRates) { configuration.faultRates[fault] = rate }
        for (kind, reason) in try input(Self.disabledMethods) {
            configuration.disabledPaymentMethods[kind] = reason ?? SandboxConfiguration.paymentMethodOffReason
        }
        if let share = try input(Self.guardrailShare) {
            configuration.guardrail = GuardrailSettings(unknownShare: share, window: try input(Self.guardrailWindow))
        }
        self.configuration = configuration
    }

    func run(_ invocation: Invocation) async throws -> ExitCode {
        let directory = (invocation.settings.dataDirectory as NSString).appendingPathComponent("sandbox")
        var configuration = configuration
        configuration.databasePath = SandboxConfiguration.databasePath(inDataDirectory: directory)
        var listener = HTTPListener.Configuration()
        listener.port = port
        if let problem = configuration.validationProblem() { throw CommandFailure.rejected(problem) }
        try Services.makeDirectory(invocation.settings.dataDirectory)
        do {
            try EmbeddedSandbox.prepare(directory: directory)
        } catch {
            let message = "cannot use \(directory) for the sandbox: \(error)"
            throw Services.isUnusableFile(error) ? CommandFailure.rejected(message) : CommandFailure.failed(message)
        }
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
}

extension ValueParser where Value == UInt64 {
    /// A whole number from 0 (a seed).
    static var wholeNumber: Self {
        Self(kind: .text) { (text, name) throws(UsageError) in
            guard text.utf8.count <= 20, let value = UInt64(text) else {
                throw .invalidValue(option: name, value: text, reason: "not a whole number from 0")
            }
            return value
        }
    }
}
