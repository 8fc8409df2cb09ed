// booking-conformance: the REST contract's semantic promises, checked
// against a running server (docs/CONFORMANCE.md). An executable of its own,
// so a backend's CI builds the kit without the traveller's client.
import BookingConformance
import Foundation

let options: ConformanceOptions
do {
    options = try ConformanceOptions.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    if error.description == ConformanceOptions.usage {
        print(error.description)
        exit(0)
    }
    FileHandle.standardError.write(Data("booking-conformance: \(error)\n\(ConformanceOptions.usage)\n".utf8))
    exit(2)
}
let report = await ConformanceRun(options: options).run()
if let path = options.junitPath {
    do {
        try report.junit.write(toFile: path, atomically: true, encoding: .utf8)
    } catch {
        FileHandle.standardError.write(Data("booking-conformance: cannot write \(path): \(error)\n".utf8))
        exit(2)
    }
}
print(options.json ? report.json.serialized() : report.text, terminator: options.json ? "\n" : "")
exit(report.exitCode)
