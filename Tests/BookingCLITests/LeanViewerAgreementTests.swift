import BookingAPI
import BookingCLI
import BookingCommandLine
import BookingPrimitives
import BookingViewer
import Testing

/// The lean viewer (`booking trips`, `booking trip ID`) parses its own
/// command line without linking the CLI, and hands anything it does not
/// know to the CLI, which prints the errors. These tests hold the viewer's
/// option names and its id rule to the CLI's declarations, so the two
/// cannot drift apart.
@Suite struct LeanViewerAgreementTests {
    @Test(arguments: ["trips", "trip"])
    func theViewerReadsExactlyTheOptionsTheCLIDeclares(_ command: String) throws {
        let spec = try #require(CommandCatalog.commands.first { $0.name == command })
        let options = CommandCatalog.globalOptions + spec.options
        #expect(Set(options.filter { !$0.takesValue }.map(\.name)) == ViewerRequest.flags)
        #expect(Set(options.filter(\.takesValue).map(\.name)) == ViewerRequest.valueOptions)
    }

    @Test(arguments: [
        "bkg_1", "A-b_9", "", "bkg 1", "bkg/1", "é", String(repeating: "a", count: 64),
        String(repeating: "a", count: 65),
    ])
    func theViewerTakesTheIdsTheCLITakes(_ id: String) {
        let cli = (try? Validate.identifier(id, name: "BOOKING_ID")) != nil
        #expect(ViewerRequest.isIdentifier(id) == cli)
    }

    /// A server or key the CLI refuses must reach the CLI (which says why),
    /// and one it takes must be answered by the viewer.
    @Test(arguments: [
        "https://api.example.com", "https://api.example.com:8443/v1", "http://127.0.0.1:8080", "http://localhost:1",
        "http://[::1]:8080", "http://10.0.0.8:8080", "http://bank.example.com", "ftp://127.0.0.1",
        "https://user:pw@example.com", "https://example.com?q=1", "https://example.com#top", "not a url", "",
        "http://127.0.0.1:99999", "http://127.0.0.1:0", "HTTP://127.0.0.1:18080", "https://EXAMPLE.com",
    ])
    func theViewerTakesTheServersTheCLITakes(_ server: String) {
        let cli = (try? Validate.server(server, option: "--server")) != nil
        let viewer = ViewerRequest(
            arguments: ["trips", "--server", server], environment: ["HOME": "/nonexistent"], currentDirectory: "/")
        #expect((viewer != nil) == cli, "\(server): the CLI \(cli ? "takes" : "refuses") it")
    }

    @Test(arguments: [
        "sk_test_demo", "sk test", "", String(repeating: "k", count: 128), String(repeating: "k", count: 129), "clé",
    ])
    func theViewerTakesTheKeysTheCLITakes(_ key: String) {
        let cli = (try? Validate.apiKey(key, option: "--api-key")) != nil
        let viewer = ViewerRequest(
            arguments: ["trips", "--api-key", key], environment: ["HOME": "/nonexistent"], currentDirectory: "/")
        #expect((viewer != nil) == cli, "\(key)")
    }

    /// The viewer shows a data directory's trips only to the server and
    /// account whose space it is: both must name that space alike, or the
    /// viewer would hand every listing over (or show another's).
    @Test(arguments: [
        "https://api.example.com", "https://api.example.com/", "https://api.example.com:8443/v1/",
        "http://127.0.0.1:8080", "HTTP://LOCALHOST:1", "https://EXAMPLE.com",
    ])
    func theViewerNamesTheDataSpaceTheCLINames(_ server: String) throws {
        let address = try ServerAddress(server)
        let home = ["HOME": "/nonexistent"]
        let viewer = try #require(
            ViewerRequest(arguments: ["trips", "--server", server], environment: home, currentDirectory: "/"))
        #expect(viewer.dataSpace == DataSpace(server: address.spaceName, apiKey: Settings.demoKey))
        let named = try #require(
            ViewerRequest(
                arguments: ["trips", "--server", server, "--api-key", "sk_test_x"],
                environment: home.merging(["BOOKING_ACCOUNT": "me"]) { $1 }, currentDirectory: "/"))
        #expect(named.dataSpace == DataSpace(server: address.spaceName, account: "me"))
        let embedded = try #require(ViewerRequest(arguments: ["trips"], environment: home, currentDirectory: "/"))
        #expect(embedded.dataSpace == DataSpace(server: "embedded", apiKey: Settings.demoKey))
    }

    @Test func anOptionTheViewerDoesNotKnowGoesToTheCLI() {
        let environment = ["HOME": "/nonexistent"]
        #expect(ViewerRequest(arguments: ["trips"], environment: environment, currentDirectory: "/") != nil)
        #expect(ViewerRequest(arguments: ["trips", "--bogus"], environment: environment, currentDirectory: "/") == nil)
        #expect(
            ViewerRequest(arguments: ["trip", "bad id"], environment: environment, currentDirectory: "/") == nil)
    }
}
