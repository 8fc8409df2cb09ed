/// Why a database could not be brought to this build's schema.
public enum MigrationError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The file records steps this build does not know: a newer build wrote it.
    case databaseIsNewer(path: String, unknownSteps: [String])

    public var description: String {
        switch self {
        case .databaseIsNewer(let path, let unknown):
            return "\(path) was written by a newer version of this app (unknown schema steps: \(unknown.joined(separator: ", "))); update the app, the file was left untouched"
        }
    }
}
