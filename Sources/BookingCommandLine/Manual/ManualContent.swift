/// What a program's manual page says beyond `--help`: its description,
/// exit status, environment, files and examples. The tool writes it beside
/// its commands so both change together.
package struct ManualContent: Sendable {
    /// One named entry of a manual section: a variable, a file, an example.
    package struct Entry: Sendable {
        /// The variable's name, the file's path, the exit code, or the example's command line.
        package var name: String
        /// What it is or does.
        package var help: String

        /// Creates an entry.
        package init(name: String, help: String) {
            self.name = name
            self.help = help
        }
    }

    /// The description, one paragraph a string.
    package var description: [String]
    /// The exit codes (as text, e.g. `2`) and what each means.
    package var exitStatus: [Entry]
    /// The environment variables the program reads.
    package var environment: [Entry]
    /// The files it reads and writes.
    package var files: [Entry]
    /// Command lines worth trying, each with what it does.
    package var examples: [Entry]

    /// Creates a manual's sections.
    package init(
        description: [String], exitStatus: [Entry], environment: [Entry], files: [Entry], examples: [Entry]
    ) {
        self.description = description
        self.exitStatus = exitStatus
        self.environment = environment
        self.files = files
        self.examples = examples
    }
}
