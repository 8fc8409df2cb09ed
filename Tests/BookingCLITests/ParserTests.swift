import BookingCLI
import Testing

@Suite struct ParserTests {
    @Test func everyCommandHasHelp() {
        for command in CommandCatalog.commands {
            #expect(CommandCatalog.help(for: command).contains("booking \(command.name)"))
        }
    }
}
