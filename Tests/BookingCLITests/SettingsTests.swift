import BookingCLI
import BookingCommandLine
import Foundation
import Testing

/// The pieces of the command line that need no process: settings from
/// options and environment, JSON text, value checks.
@Suite struct SettingsTests {
    func settings(_ words: [String], _ environment: [String: String]) throws -> Settings {
        guard case .run(let command) = try CommandCatalog.parser.parse(words) else {
            Issue.record("not a command: \(words)")
            throw UsageError.missingCommand
        }
        return try Settings.resolve(command, environment: environment)
    }

    @Test func optionsWinOverTheEnvironmentWhichWinsOverTheDefaults() throws {
        let defaults = try settings(["trips"], ["HOME": "/home/ana"])
        #expect(defaults.server == nil)
        #expect(defaults.apiKey == "sk_test_demo")
        #expect(defaults.dataDirectory == "/home/ana/.local/share/booking")
        #expect(defaults.linkHost == "example.com")
        let environment = [
            "HOME": "/home/ana", "XDG_DATA_HOME": "/data", "BOOKING_SERVER": "https://api.example.com",
            "BOOKING_API_KEY": "sk_test_env", "BOOKING_LINK_HOST": "links.example.org",
        ]
        let fromEnvironment = try settings(["trips"], environment)
        #expect(fromEnvironment.server?.description == "https://api.example.com")
        #expect(fromEnvironment.apiKey == "sk_test_env")
        #expect(fromEnvironment.dataDirectory == "/data/booking")
        #expect(fromEnvironment.linkHost == "links.example.org")
        let fromOptions = try settings(
            [
                "--server", "http://127.0.0.1:9", "trips", "--api-key", "sk_test_opt",
                "--data-dir", "/tmp/b", "--json",
            ], environment)
        #expect(fromOptions.server?.description == "http://127.0.0.1:9")
        #expect(fromOptions.apiKey == "sk_test_opt")
        #expect(fromOptions.dataDirectory == "/tmp/b")
        #expect(fromOptions.json)
    }

    @Test func aRelativeXDGDataHomeIsIgnored() throws {
        #expect(
            try settings(["trips"], ["HOME": "/h", "XDG_DATA_HOME": "data"]).dataDirectory == "/h/.local/share/booking")
    }

    @Test func badValuesAreUsageErrors() throws {
        #expect(throws: UsageError.self) { try Validate.date("2025-02-29", option: "--check-in") }
        #expect(throws: UsageError.self) { try Validate.integer("1e3", option: "--guests", in: 1...16) }
        #expect(throws: UsageError.self) { try Validate.identifier(String(repeating: "a", count: 65), name: "ID") }
        #expect(throws: UsageError.self) { try Validate.server("http://192.168.1.2", option: "--server") }
        #expect(throws: UsageError.self) { try Validate.apiKey("sk test", option: "--api-key") }
        #expect(try Validate.date("2028-02-29", option: "--check-in").description == "2028-02-29")
    }

    @Test func jsonTextEscapesEveryControlCharacterAndKeepsFieldOrder() throws {
        let value: JSONValue = ["b": "line\nbreak \u{1B}[31m \"q\" \\", "a": [1, true, .null, .double(1.5)], "c": [:]]
        let text = value.serialized(pretty: false)
        #expect(text == #"{"b":"line\nbreak \u001b[31m \"q\" \\","a":[1,true,null,1.5],"c":{}}"#)
        let parsed = try JSONSerialization.jsonObject(with: Data(value.serialized().utf8)) as? [String: Any]
        #expect(parsed?["b"] as? String == "line\nbreak \u{1B}[31m \"q\" \\")
    }

    @Test func theCountdownReadsAsMinutesAndSeconds() {
        #expect(FlowRenderer.clockText(seconds: 899) == "14:59")
        #expect(FlowRenderer.clockText(seconds: 5) == "00:05")
        #expect(FlowRenderer.clockText(seconds: 3723) == "1:02:03")
        #expect(AgeText.describe(seconds: 190) == "3 min ago")
        #expect(AgeText.describe(seconds: 86_400 * 2) == "2 days ago")
    }
}
