import Foundation
import PackagePlugin

/// Turns the `.sql` files of one `Schema/` subfolder into a Swift source file
/// compiled into the target, so binaries never read `Schema/` at run time.
///
/// The subfolder is chosen by the target's name (see `schemaFolders`). The
/// build re-runs the embedder when a known file changes; a newly added file is
/// seen after the plugin is evaluated again (a clean build). The tests that
/// compare the embedded steps with the files on disk catch that drift.
@main
struct EmbedSchema: BuildToolPlugin {
    /// Target name -> folder under `Schema/` whose `.sql` files it embeds.
    static let schemaFolders = ["BookingStore": "client", "BookingSandbox": "sandbox"]
    /// Target name -> (type name, file under `Schema/`) of whole documents it
    /// embeds as text (the sandbox serves its OpenAPI document).
    static let documents = ["BookingSandbox": (type: "EmbeddedOpenAPI", file: "api/openapi.yaml")]

    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        guard let folder = Self.schemaFolders[target.name] else {
            Diagnostics.error("EmbedSchema: no Schema folder is assigned to target \(target.name)")
            return []
        }
        let schemaDir = context.package.directoryURL
            .appendingPathComponent("Schema")
            .appendingPathComponent(folder)
        // A folder that does not exist yet embeds no steps.
        let files =
            ((try? FileManager.default.contentsOfDirectory(
                at: schemaDir, includingPropertiesForKeys: nil
            )) ?? [])
            .filter { $0.pathExtension == "sql" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("EmbeddedSchema.swift")
        let tool = try context.tool(named: "SchemaEmbedder")
        var commands: [Command] = []
        if let document = Self.documents[target.name] {
            let file = context.package.directoryURL.appendingPathComponent("Schema").appendingPathComponent(
                document.file)
            let documentOutput = context.pluginWorkDirectoryURL.appendingPathComponent("\(document.type).swift")
            commands.append(
                .buildCommand(
                    displayName: "Embedding Schema/\(document.file) into \(target.name)",
                    executable: tool.url,
                    arguments: ["--document", document.type, documentOutput.path, file.path],
                    inputFiles: [file],
                    outputFiles: [documentOutput]
                ))
        }
        return commands + [
            .buildCommand(
                displayName: "Embedding Schema/\(folder) into \(target.name)",
                executable: tool.url,
                arguments: [output.path] + files.map(\.path),
                inputFiles: files,
                outputFiles: [output]
            )
        ]
    }
}
