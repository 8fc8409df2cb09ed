/// `booking manual`: the manual page in roff (section 1), generated from
/// the catalog (`ManualPage`), for `man -l -` or `~/.local/share/man/man1`.
enum ManualCommand {
    static func run(_ invocation: Invocation) -> ExitCode {
        let page = ManualPage().text
        if invocation.json {
            invocation.emit(["format": "roff", "section": 1, "text": .string(page)])
        } else {
            invocation.console.write(page)
        }
        return .done
    }
}
