/// Why a database could not be brought to this build's schema.
public enum MigrationError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The file records steps this build does not know: a newer build wrote it.
    case databaseIsNewer(path: String, unknownSteps: [String])
    /// The file lacks steps this build needs, and it was opened read-only,
    /// so they cannot be applied.
    case needsUpgrade(path: String, missingSteps: [String])

    public var description: String {
        switch self {
        case .databaseIsNewer(let path, let unknown):
            return
                "\(path) was written by a newer version of this app (unknown schema steps: \(unknown.joined(separator: ", "))); update the app, the file was left untouched"
        case .needsUpgrade(let path, let missing):
            return
                "\(path) was written by an older version of this app and cannot be upgraded when opened read-only (missing schema steps: \(missing.joined(separator: ", "))); open it once with write access, the file was left untouched"
        }
    }
}
