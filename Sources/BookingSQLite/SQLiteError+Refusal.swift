extension SQLiteError {
    /// SQL this layer refuses before SQLite runs any of it, where the C API
    /// would silently do less than asked.
    public enum Refusal: Equatable, Sendable, CustomStringConvertible {
        /// The SQL holds no statement (empty, blank or only comments).
        case noStatement
        /// SQL follows the first statement; the C API would ignore it.
        /// Carries the text after the first statement. Several statements
        /// run only through `Database.executeScript`.
        case trailingSQL(String)
        /// The values given do not match the statement's parameters; the C
        /// API would bind NULL to the missing ones.
        case parameterCount(expected: Int, given: Int)

        public var description: String {
            switch self {
            case .noStatement:
                return "the SQL holds no statement"
            case .trailingSQL(let rest):
                return "SQL after the first statement is refused (run several with executeScript): `\(rest)`"
            case .parameterCount(let expected, let given):
                return "the statement has \(expected) parameter(s), \(given) value(s) given"
            }
        }
    }
}
