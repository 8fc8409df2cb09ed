import BookingAPI
import Foundation

/// What every command runs with, from the global options and the
/// environment: the server (none: the embedded sandbox), the API key, the
/// data directory, `--json`, and the deep-link host.
public struct Settings: Sendable {
    /// The key of the embedded sandbox's demo account.
    public static let demoKey = "sk_test_demo"
    /// The host deep links are accepted for, unless `BOOKING_LINK_HOST` says otherwise.
    public static let defaultLinkHost = "example.com"

    /// The server; nil for the embedded sandbox.
    public var server: ServerAddress?
    /// The account's key.
    public var apiKey: String
    /// Where `booking.sqlite`, `cache.sqlite`, the event logs and the
    /// embedded sandbox's database live.
    public var dataDirectory: String
    /// `--json`: one JSON document on stdout.
    public var json: Bool
    /// The host of deep links (`BOOKING_LINK_HOST`).
    public var linkHost: String

    /// Reads the global options, then the environment: `--server` or
    /// `BOOKING_SERVER`, `--api-key` or `BOOKING_API_KEY`, `--data-dir` or
    /// `XDG_DATA_HOME/booking` or `~/.local/share/booking`.
    public static func resolve(_ command: ParsedCommand, environment: [String: String]) throws(UsageError) -> Settings {
        func setting(_ option: String, _ variable: String) -> (value: String, source: String)? {
            if let value = command.value(option) { return (value, option) }
            if let value = environment[variable], !value.isEmpty { return (value, variable) }
            return nil
        }
        let server = try setting("--server", "BOOKING_SERVER").map { (found) throws(UsageError) in
            try Validate.server(found.value, option: found.source)
        }
        let apiKey =
            try setting("--api-key", "BOOKING_API_KEY").map { (found) throws(UsageError) in
                try Validate.apiKey(found.value, option: found.source)
            } ?? demoKey
        let linkHost = environment["BOOKING_LINK_HOST"].flatMap { $0.isEmpty ? nil : $0 } ?? defaultLinkHost
        return Settings(
            server: server, apiKey: apiKey, dataDirectory: try dataDirectory(command, environment: environment),
            json: command.has("--json"), linkHost: linkHost)
    }

    private static func dataDirectory(_ command: ParsedCommand, environment: [String: String]) throws(UsageError)
        -> String
    {
        if let given = command.value("--data-dir") {
            guard !given.isEmpty, !given.utf8.contains(0) else {
                throw .invalidValue(option: "--data-dir", value: given, reason: "not a path")
            }
            if given.hasPrefix("/") { return given }
            return (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(given)
        }
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
