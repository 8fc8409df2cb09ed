// libFuzzer target: BookingCommandLine's parser over command types. The input
// is split at NUL bytes into words, parsed against a program whose commands
// use every kind of typed option and argument the CLI's commands use
// (flags, required, defaulted, optional and repeated options, integer
// ranges, one-of words, a directory, a rest-of-line argument; global
// options before and after the command). Any words: no crash, the same
// words parse the same way, and what a parse accepts reads back through
// the command's typed options as values their parsers allow, or a usage
// error, never anything else.
import BookingCommandLine

enum Fuzzed {
    static let guests: TypedOption<Int> = .required(
        "--guests", .integer(in: 1...8), value: "N", help: "guests")
    static let page: TypedOption<Int> = .defaulted("--page", .integer(in: 1...1000), default: 1, help: "page")
    static let stars: TypedOption<Int?> = .optional("--stars", .integer(in: 1...5), help: "stars")
    static let format: TypedOption<String> = .defaulted(
        "--format", .oneOf(["mermaid", "dot"]), default: "mermaid", help: "format")
    static let refresh: TypedOption<Bool> = .flag("--refresh", help: "refresh")
    static let rates: TypedOption<[Int]> = .repeated("--rate", .integer(in: 0...100), value: "P", help: "rates")
    static let place = TypedArgument("PLACE", .text, help: "place")
    static let words = TypedArgument("WORDS", .text, help: "the rest", takesRest: true)
    static let json: TypedOption<Bool> = .flag("--json", help: "JSON")
    static let dataDirectory: TypedOption<String?> = .optional("--data-dir", .directory, help: "data")

    static let offers = CommandSpec(
        name: "offers", summary: "offers",
        options: [guests.spec, page.spec, stars.spec, refresh.spec, rates.spec], arguments: [place.spec])
    static let diagram = CommandSpec(name: "diagram", summary: "diagram", options: [format.spec])
    static let search = CommandSpec(name: "search", summary: "search", arguments: [words.spec])
    static let program = Program(
        name: "booking", version: "0", tagline: "fuzzed", commands: [offers, diagram, search],
        globalOptions: [json.spec, dataDirectory.spec], programOptions: [], versionFlags: ["--json"])
    static let parser = CommandLineParser(program: program)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let words = bytes.split(separator: 0, omittingEmptySubsequences: false)
        .map { String(decoding: $0, as: UTF8.self) }
    let first: Result<CommandLineParser.Request, UsageError> = Result { () throws(UsageError) in
        try Fuzzed.parser.parse(words)
    }
    let second: Result<CommandLineParser.Request, UsageError> = Result { () throws(UsageError) in
        try Fuzzed.parser.parse(words)
    }
    switch (first, second) {
    case (.success(let one), .success(let two)): precondition(one == two, "the same words parsed two ways")
    case (.failure(let one), .failure(let two)):
        precondition(one == two && !one.message(program: "booking").isEmpty, "two errors, or one without words")
    default: preconditionFailure("the same words parsed once and refused once")
    }
    guard case .success(let request) = first else { return 0 }
    switch request {
    case .version: precondition(words.allSatisfy { $0 == "--version" || $0 == "--json" }, "a version with other words")
    case .help(let name?): precondition(Fuzzed.parser.command(named: name) != nil, "help for no command")
    case .help(nil): break
    case .run(let parsed): check(parsed)
    }
    return 0
}

/// Every value the parse accepted reads back through its typed option.
private func check(_ parsed: ParsedCommand) {
    guard let spec = Fuzzed.parser.command(named: parsed.command) else { preconditionFailure("no such command ran") }
    let known = Set((spec.options + Fuzzed.program.globalOptions).map(\.name))
    precondition(Set(parsed.values.keys).isSubset(of: known) && parsed.flags.isSubset(of: known), "an unknown option")
    precondition(parsed.arguments.count == spec.arguments.count, "the argument count is not the spec's")
    let input = CommandInput(parsed: parsed, spec: spec)
    _ = try? input(Fuzzed.json)
    _ = try? input(Fuzzed.dataDirectory)
    switch parsed.command {
    case "offers":
        if let guests = try? input(Fuzzed.guests) { precondition((1...8).contains(guests), "guests out of range") }
        if let page = try? input(Fuzzed.page) { precondition((1...1000).contains(page), "page out of range") }
        if let stars = try? input(Fuzzed.stars) { precondition((1...5).contains(stars), "stars out of range") }
        if let rates = try? input(Fuzzed.rates) { precondition(rates.allSatisfy { (0...100).contains($0) }, "rate") }
        _ = try? input(Fuzzed.refresh)
        _ = try? input(Fuzzed.place)
    case "diagram":
        let format = try? input(Fuzzed.format)
        precondition(
            format == "mermaid" || format == "dot", "a format outside its words: \(String(describing: format))")
    default:
        _ = try? input(Fuzzed.words)
    }
}
