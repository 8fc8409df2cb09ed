import BookingAPI
import BookingCommandLine
import BookingKit
import BookingPrimitives
import Foundation

/// What every command runs with, from the global options and the
/// environment: the server (none: the embedded sandbox), the API key, the
/// data directory, `--json`, and the deep-link host.
package struct Settings: Sendable {
    /// The key of the embedded sandbox's demo account.
    package static let demoKey = "sk_test_demo"
    /// The host deep links are accepted for, unless `BOOKING_LINK_HOST` says otherwise.
    package static let defaultLinkHost = "example.com"

    /// The server; nil for the embedded sandbox.
    package var server: ServerAddress?
    /// The account's key.
    package var apiKey: String
    /// Where `booking.sqlite`, `cache.sqlite`, the event logs and the
    /// embedded sandbox's database live: the first server and account to
    /// use it at the top, every other pair in its space under `spaces/`
    /// (`spaceDirectory()`); the embedded sandbox at the top for all.
    package var dataDirectory: String
    /// `--json`: one JSON document on stdout.
    package var json: Bool
    /// The host of deep links (`BOOKING_LINK_HOST`).
    package var linkHost: String
    /// The account's name on this device (`BOOKING_ACCOUNT`); nil: its key names it.
    package var account: String? = nil
    /// The rollout group (`BOOKING_COHORT`): sent with every request and
    /// written in the event logs, which `booking stats` compares.
    package var cohort: String? = nil

    /// `--server`: read before `BOOKING_SERVER`.
    static let serverOption: TypedOption<ServerAddress?> = .optional(
        "--server", .server, value: "URL",
        help: "the booking API (default: $BOOKING_SERVER, else the embedded sandbox)")
    /// `--api-key`: read before `BOOKING_API_KEY`.
    static let apiKeyOption: TypedOption<String?> = .optional(
        "--api-key", .apiKey, value: "KEY",
        help: "the account's key (default: $BOOKING_API_KEY, else \(demoKey))")
    /// `--data-dir`: read before `XDG_DATA_HOME`.
    static let dataDirectoryOption: TypedOption<String?> = .optional(
        "--data-dir", .directory, value: "PATH", help: "where the databases live (default: $XDG_DATA_HOME/booking)")
    /// `--json`.
    static let jsonOption: TypedOption<Bool> = .flag("--json", help: "print one JSON document with stable field names")

    /// The options every command takes, declared above: the parser, the
    /// help, the manual and the completions list them in this order.
    static let options = [serverOption.spec, apiKeyOption.spec, dataDirectoryOption.spec, jsonOption.spec]

    /// Reads the global options, then the environment: `--server` or
    /// `BOOKING_SERVER`, `--api-key` or `BOOKING_API_KEY`, `--data-dir` or
    /// `XDG_DATA_HOME/booking` or `~/.local/share/booking`.
    package static func resolve(_ command: ParsedCommand, environment: [String: String]) throws(UsageError) -> Settings
    {
        func variable(_ name: String) -> String? {
            environment[name].flatMap { $0.isEmpty ? nil : $0 }
        }
        let name = command.command
        var server = try serverOption.read(command, name)
        if server == nil, let text = variable("BOOKING_SERVER") {
            server = try Validate.server(text, option: "BOOKING_SERVER")
        }
        var apiKey = try apiKeyOption.read(command, name)
        if apiKey == nil, let text = variable("BOOKING_API_KEY") {
            apiKey = try Validate.apiKey(text, option: "BOOKING_API_KEY")
        }
        let dataDirectory: String
        if let given = try dataDirectoryOption.read(command, name) {
            dataDirectory = given
        } else {
            dataDirectory = try defaultDataDirectory(environment)
        }
        let cohort = variable("BOOKING_COHORT")
        if let cohort, !BookingClient.Configuration.isValidCohort(cohort) {
            throw .invalidValue(option: "BOOKING_COHORT", value: cohort, reason: "1 to 32 letters, digits, - or _")
        }
        return Settings(
            server: server, apiKey: apiKey ?? demoKey, dataDirectory: dataDirectory,
            json: try jsonOption.read(command, name), linkHost: variable("BOOKING_LINK_HOST") ?? defaultLinkHost,
            account: variable("BOOKING_ACCOUNT"), cohort: cohort)
    }

    /// The server and account whose data this command reads and writes:
    /// the embedded sandbox is `embedded` whatever port it runs on.
    package var dataSpace: DataSpace {
        let server = server?.spaceName ?? "embedded"
        return account.map { DataSpace(server: server, account: $0) } ?? DataSpace(server: server, apiKey: apiKey)
    }

    /// The directory of `dataSpace`, found without writing anything (a
    /// space nothing was saved in yet may not exist).
    package func spaceDirectory() throws(CommandFailure) -> String {
        do {
            return try DataSpaceDirectory.find(dataSpace, root: dataDirectory)
        } catch {
            throw .rejected("cannot use the data directory \(dataDirectory): \(error)")
        }
    }

    /// The directory of `dataSpace`, claimed for it when the data
    /// directory has no owner yet, made if missing. A space made now beside
    /// another pair's data is said on `console`'s stderr once.
    package func claimedSpaceDirectory(console: Console) throws(CommandFailure) -> String {
        let spaceIsNew = !FileManager.default.fileExists(
            atPath: dataSpace.directory(under: dataDirectory) + "/" + BookingDiagnostics.bookingsFileName)
        let directory: String
        do {
            directory = try DataSpaceDirectory.claim(dataSpace, root: dataDirectory)
        } catch {
            throw .rejected("cannot use the data directory \(dataDirectory): \(error)")
        }
        if spaceIsNew && directory != dataDirectory {
            console.note(
                "booking: this server and account are new to \(dataDirectory): what it holds for another account "
                    + "or server is kept apart, as it is (an account whose key changed: set BOOKING_ACCOUNT)")
        }
        return directory
    }

    /// The data directory when `--data-dir` is not given.
    private static func defaultDataDirectory(_ environment: [String: String]) throws(UsageError) -> String {
        // XDG: a relative XDG_DATA_HOME is invalid and ignored.
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            return (xdg as NSString).appendingPathComponent("booking")
        }
        if let home = environment["HOME"], home.hasPrefix("/") {
            return (home as NSString).appendingPathComponent(".local/share/booking")
        }
        throw .invalidValue(option: "--data-dir", value: "", reason: "no HOME or XDG_DATA_HOME: give --data-dir")
    }
}
