import BookingCommandLine

extension ManualPage {
    /// The page of `booking` (`CommandCatalog`), over `commands` and
    /// `globalOptions` (by default, the catalog's).
    init(
        commands: [CommandSpec] = CommandCatalog.commands,
        globalOptions: [CommandSpec.Option] = CommandCatalog.globalOptions
    ) {
        var program = CommandCatalog.program
        program.commands = commands
        program.globalOptions = globalOptions
        self.init(program: program, content: CommandCatalog.manual)
    }
}
