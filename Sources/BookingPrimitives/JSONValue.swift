/// A JSON document: built by the CLI for `--json`, decoded strictly from a
/// request body by the sandbox. Objects keep the order their fields were
/// written (or read) in, so the output reads like the README's field
/// lists. Serialized by hand through `JSONText`, every control character
/// escaped.
public enum JSONValue: Sendable, Equatable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// An integer.
    case int(Int64)
    /// A number with a fraction (non-finite ones are written as `null`).
    case double(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object, its fields in the order given.
    case object([(String, JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        lhs.serialized(pretty: false) == rhs.serialized(pretty: false)
    }

    /// A string, or null.
    public static func text(_ text: String?) -> JSONValue { text.map { .string($0) } ?? .null }

    /// An integer.
    public static func number(_ value: Int) -> JSONValue { .int(Int64(value)) }

    /// The JSON text; `pretty` indents by two spaces, nested lines starting
    /// `indentLevel` levels in (a value written inside a larger document).
    public func serialized(pretty: Bool = true, indentLevel: Int = 0) -> String {
        var out = ""
        write(into: &out, pretty: pretty, depth: indentLevel)
        return out
    }

    private func write(into out: inout String, pretty: Bool, depth: Int) {
        let newline = pretty ? "\n" : ""
        let indent = { (level: Int) in pretty ? String(repeating: "  ", count: level) : "" }
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .int(let value): out += String(value)
        case .double(let value): out += value.isFinite ? String(value) : "null"
        case .string(let text): JSONText.appendQuoted(text, to: &out)
        case .array(let items):
            guard !items.isEmpty else {
                out += "[]"
                return
            }
            out += "[" + newline
            for (index, item) in items.enumerated() {
                out += indent(depth + 1)
                item.write(into: &out, pretty: pretty, depth: depth + 1)
                out += (index < items.count - 1 ? "," : "") + newline
            }
            out += indent(depth) + "]"
        case .object(let fields):
            guard !fields.isEmpty else {
                out += "{}"
                return
            }
            out += "{" + newline
            for (index, (name, value)) in fields.enumerated() {
                out += indent(depth + 1)
                JSONText.appendQuoted(name, to: &out)
                out += pretty ? ": " : ":"
                value.write(into: &out, pretty: pretty, depth: depth + 1)
                out += (index < fields.count - 1 ? "," : "") + newline
            }
            out += indent(depth) + "}"
        }
    }
}
