import BookingCommandLine
import BookingKit
import Foundation

/// `booking search TEXT`: place suggestions from the server; short input
/// shows this device's recent searches instead.
struct SearchCommand: BookingCommand {
    static let text = TypedArgument("TEXT", .text, help: "what to search for", takesRest: true)

    static let spec = CommandSpec(
        name: "search", summary: "place suggestions (recent searches for short input)", arguments: [text.spec])

    /// The text, trimmed.
    let text: String

    init(_ input: CommandInput) throws(UsageError) {
        text = try input(Self.text).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func validate() throws(UsageError) {
        guard (1...64).contains(text.count), !text.unicodeScalars.contains(where: { $0.value < 0x20 }) else {
            throw UsageError.invalidValue(
                option: Self.text.spec.name, value: text, reason: "search for 1 to 64 printable characters")
        }
    }

    func run(_ invocation: Invocation) async throws -> ExitCode {
        // `services` owns the embedded sandbox, if any.
        let services = try await invocation.servicesAfterLaunch()
        let search = services.client.searchCache
        let suggestions: Suggestions
        do {
            suggestions = try await services.client.suggestions(for: text)
        } catch {
            throw CommandFailure.client(error, doing: "suggest places")
        }
        switch suggestions {
        case .places(let places):
            if let first = places.first { try? await services.client.recordSearch(text, placeID: first.placeId) }
            if invocation.json {
                invocation.emit(
                    Self.document(
                        text, source: "server",
                        places: places.map {
                            ["placeId": .string($0.placeId), "name": .string($0.name), "country": .string($0.country)]
                        }))
                return .done
            }
            if places.isEmpty { invocation.say("No places match '\(text.terminalSafe)'.") }
            for place in places {
                invocation.say(
                    "\(place.placeId.terminalSafe)  \(place.name.terminalSafe), \(place.country.terminalSafe)")
            }
            if let first = places.first {
                invocation.say(
                    "",
                    "Next: booking offers --place \(first.placeId.terminalSafe) --check-in YYYY-MM-DD --check-out YYYY-MM-DD --guests 2"
                )
            }
        case .recents(let entries):
            if invocation.json {
                invocation.emit(
                    Self.document(
                        text, source: "recent",
                        places: entries.map {
                            [
                                "query": .string($0.query), "placeId": .text($0.placeID),
                                "usedAt": .string(AgeText.iso($0.usedAt)),
                            ]
                        }))
                return .done
            }
            invocation.say(
                entries.isEmpty
                    ? "No recent searches; type at least \(search.minimumQueryLength) characters."
                    : "Recent searches:")
            for entry in entries {
                invocation.say("  \(entry.query.terminalSafe)" + (entry.placeID.map { "  (\($0.terminalSafe))" } ?? ""))
            }
        case .offline:
            // What the device has, at once: the recent searches.
            let recents = (try? await search.recents()) ?? []
            if !recents.isEmpty { invocation.say("Offline. Recent searches on this device:") }
            for entry in recents {
                invocation.say("  \(entry.query.terminalSafe)" + (entry.placeID.map { "  (\($0.terminalSafe))" } ?? ""))
            }
            throw CommandFailure.failed("offline: the server cannot be reached, so there are no suggestions")
        case .superseded:
            if invocation.json { invocation.emit(Self.document(text, source: "superseded", places: [])) }
        }
        return .done
    }

    private static func document(_ text: String, source: String, places: [JSONValue]) -> JSONValue {
        ["query": .string(text), "source": .string(source), "places": .array(places)]
    }
}
