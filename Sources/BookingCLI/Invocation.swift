import BookingAPI
import BookingCommandLine
import Foundation

/// One run of a command: what was parsed, the settings, the console and the
/// environment.
package struct Invocation: Sendable {
    /// The parsed command line.
    package let command: ParsedCommand
    /// The resolved settings.
    package let settings: Settings
    /// The console.
    package let console: Console
    /// The environment.
    package let environment: [String: String]
    /// The services this run opened, closed when it ends.
    package let opened = OpenedServices()

    /// Creates an invocation.
    package init(command: ParsedCommand, settings: Settings, console: Console, environment: [String: String]) {
        self.command = command
        self.settings = settings
        self.console = console
        self.environment = environment
    }

    /// Whether `--json` was given.
    package var json: Bool { settings.json }

    /// How this run writes money in its texts: the console's (the
    /// environment's locale) for people; neutral with `--json`, whose
    /// documents, error messages included, never change with the locale.
    package var money: MoneyStyle { json ? .neutral : console.money }

    /// The services: one client to the given server, or to the embedded
    /// sandbox; `eventLog` names the command whose flow is logged.
    package func services(
        eventLog: String? = nil, pace: Services.Pace = .patient,
        wrapTransport: (any Transport) -> any Transport = { $0 }, holdTTLMilliseconds: Int64? = nil
    ) throws(CommandFailure) -> Services {
        opened.keep(
            try Services(
                settings: settings, console: console, environment: environment, eventLog: eventLog, pace: pace,
                wrapTransport: wrapTransport, holdTTLMilliseconds: holdTTLMilliseconds))
    }

    /// The services, once the launch-time settling that every command that
    /// talks to the server runs first is done (bounded; see `Services.settleAtLaunch`).
    package func servicesAfterLaunch() async throws(CommandFailure) -> Services {
        let services = try services()
        await services.settleAtLaunch()
        return services
    }

    /// Prints the one JSON document of the run.
    package func emit(_ document: JSONValue) {
        console.line(document.serialized())
    }

    /// Prints lines for people (nothing with `--json`).
    package func say(_ lines: String...) {
        guard !json else { return }
        for line in lines { console.line(line) }
    }
}
