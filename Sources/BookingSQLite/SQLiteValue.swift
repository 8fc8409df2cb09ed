import Foundation

/// One SQLite value, for binding lists and reading columns of unknown type.
public enum SQLiteValue: Equatable, Sendable {
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob(Data)
    case null
}
