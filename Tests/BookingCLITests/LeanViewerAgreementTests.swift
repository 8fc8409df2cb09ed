import BookingCLI
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

    @Test func anOptionTheViewerDoesNotKnowGoesToTheCLI() {
        let environment = ["HOME": "/nonexistent"]
        #expect(ViewerRequest(arguments: ["trips"], environment: environment, currentDirectory: "/") != nil)
        #expect(ViewerRequest(arguments: ["trips", "--bogus"], environment: environment, currentDirectory: "/") == nil)
        #expect(
            ViewerRequest(arguments: ["trip", "bad id"], environment: environment, currentDirectory: "/") == nil)
    }
}
