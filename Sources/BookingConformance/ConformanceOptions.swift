import Foundation

/// The command line of `booking-conformance`, parsed and checked.
public struct ConformanceOptions: Sendable, Equatable {
    /// The server's base URL (`http` or `https`, with a host).
    public var server: URL
    /// The first account's API key.
    public var apiKey: String
    /// A second account's API key, for the isolation check.
    public var secondAPIKey: String?
    /// Print the report as JSON instead of lines.
    public var json: Bool
    /// Where to write the JUnit XML report, if anywhere.
    public var junitPath: String?
    /// The checks to run (all when none were named).
    public var checks: [ConformanceCheck]

    /// The usage text.
    public static let usage = """
        usage: booking-conformance --server URL --api-key KEY [--second-api-key KEY]
                                   [--json] [--junit FILE] [--only CHECK[,CHECK...]]

        Runs the REST contract's semantic promises against a server and reports
        each one kept or broken, with the exchange that broke it. Test payment
        tokens only; every hold it makes is released and every booking cancelled.
        Exit status: 0 every promise kept, 1 one broken or not checkable, 2 bad usage.

        checks: \(ConformanceCheck.allCases.map(\.rawValue).joined(separator: ", "))
        """

    /// A command line the kit cannot run.
    public struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
        /// What is wrong, in one sentence.
        public var description: String
    }

    /// Parses `arguments` (without the program's name). `--help` is a
    /// `UsageError` whose description is the usage text.
    public static func parse(_ arguments: [String]) throws(UsageError) -> ConformanceOptions {
        var values: [String: String] = [:]
        var json = false
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            switch argument {
            case "--help", "-h": throw UsageError(description: usage)
            case "--json": json = true
            case "--server", "--api-key", "--second-api-key", "--junit", "--only":
                guard index < arguments.count, !arguments[index].hasPrefix("--") else {
                    throw UsageError(description: "\(argument) needs a value")
                }
                guard values[argument] == nil else { throw UsageError(description: "\(argument) is given twice") }
                values[argument] = arguments[index]
                index += 1
            default: throw UsageError(description: "unknown argument '\(argument)' (see --help)")
            }
        }
        guard let serverText = values["--server"] else { throw UsageError(description: "--server URL is required") }
        guard let apiKey = values["--api-key"], !apiKey.isEmpty else {
            throw UsageError(description: "--api-key KEY is required")
        }
        if let second = values["--second-api-key"], second.isEmpty || second == apiKey {
            throw UsageError(description: "--second-api-key must name another account than --api-key")
        }
        return ConformanceOptions(
            server: try server(serverText), apiKey: apiKey, secondAPIKey: values["--second-api-key"], json: json,
            junitPath: values["--junit"], checks: try checks(values["--only"]))
    }

    private static func server(_ text: String) throws(UsageError) -> URL {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = url.host, !host.isEmpty, url.query == nil, url.fragment == nil
        else {
            throw UsageError(description: "--server '\(text)' is not an http or https URL with a host")
        }
        return url
    }

    private static func checks(_ text: String?) throws(UsageError) -> [ConformanceCheck] {
        guard let text else { return ConformanceCheck.allCases }
        var named: Set<ConformanceCheck> = []
        for name in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let check = ConformanceCheck(rawValue: String(name)) else {
                let known = ConformanceCheck.allCases.map(\.rawValue).joined(separator: ", ")
                throw UsageError(description: "--only: unknown check '\(name)' (known: \(known))")
            }
            named.insert(check)
        }
        return ConformanceCheck.allCases.filter(named.contains)
    }
}
