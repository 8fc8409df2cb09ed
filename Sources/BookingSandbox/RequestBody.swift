import BookingPrimitives
import Foundation

/// A JSON object request body, read field by field. Every problem is a 400
/// with the field named: not JSON, not an object, an unknown field, a
/// missing field, a wrong type, a value out of range.
struct RequestBody {
    private let fields: [String: JSONValue]

    /// The largest body an endpoint reads.
    static let maximumBytes = 16 * 1024

    /// Parses `data` as a JSON object with only `allowed` fields. An empty
    /// body is an empty object when `emptyIsObject`.
    init(_ data: Data, allowed: Set<String>, emptyIsObject: Bool = false) throws(APIError) {
        if data.count > Self.maximumBytes {
            throw APIError(
                status: 413, code: "PAYLOAD_TOO_LARGE", message: "The body is larger than \(Self.maximumBytes) bytes.")
        }
        if data.isEmpty && emptyIsObject {
            self.fields = [:]
            return
        }
        guard let value = JSONValue.parse(data) else {
            throw APIError(status: 400, code: "INVALID_JSON", message: "The body is not valid JSON.")
        }
        guard case .object(let pairs) = value else {
            throw APIError(
                status: 400, code: "INVALID_JSON", message: "The body must be a JSON object, not \(value.typeName).")
        }
        let fields = Dictionary(pairs, uniquingKeysWith: { _, last in last })
        if let unknown = fields.keys.sorted().first(where: { !allowed.contains($0) }) {
            throw APIError.validation(field: unknown, "Unknown field '\(unknown)'.")
        }
        self.fields = fields
    }

    /// A required string of 1...`maxLength` characters.
    func string(_ name: String, maxLength: Int = 255) throws(APIError) -> String {
        guard let value = fields[name] else { throw APIError.validation(field: name, "Missing field '\(name)'.") }
        guard case .string(let text) = value else {
            throw APIError.validation(field: name, "Field '\(name)' must be a string, not \(value.typeName).")
        }
        guard !text.isEmpty, text.utf8.count <= maxLength else {
            throw APIError.validation(field: name, "Field '\(name)' must be 1 to \(maxLength) characters.")
        }
        return text
    }

    /// An optional JSON object with only `allowed` fields, read as a body
    /// of its own (`nil` when absent or null); its problems name
    /// `name.field`.
    func object(_ name: String, allowed: Set<String>) throws(APIError) -> RequestBody? {
        guard let value = fields[name], value != .null else { return nil }
        guard case .object(let pairs) = value else {
            throw APIError.validation(field: name, "Field '\(name)' must be an object, not \(value.typeName).")
        }
        let inner = Dictionary(pairs, uniquingKeysWith: { _, last in last })
        if let unknown = inner.keys.sorted().first(where: { !allowed.contains($0) }) {
            throw APIError.validation(field: "\(name).\(unknown)", "Unknown field '\(name).\(unknown)'.")
        }
        return RequestBody(fields: inner)
    }

    private init(fields: [String: JSONValue]) {
        self.fields = fields
    }

    /// Whether the body has field `name` (null included).
    func has(_ name: String) -> Bool { fields[name] != nil }

    /// An optional string of 1...`maxLength` characters (`nil` when absent or null).
    func optionalString(_ name: String, maxLength: Int = 255) throws(APIError) -> String? {
        guard let value = fields[name], value != .null else { return nil }
        return try string(name, maxLength: maxLength)
    }

    /// An optional boolean (`false` when absent or null).
    func optionalBool(_ name: String) throws(APIError) -> Bool {
        guard let value = fields[name], value != .null else { return false }
        return try bool(name)
    }

    /// A required boolean.
    func bool(_ name: String) throws(APIError) -> Bool {
        guard let value = fields[name] else { throw APIError.validation(field: name, "Missing field '\(name)'.") }
        guard case .bool(let flag) = value else {
            throw APIError.validation(field: name, "Field '\(name)' must be a boolean, not \(value.typeName).")
        }
        return flag
    }

    /// A required integer in `range`.
    func integer(_ name: String, in range: ClosedRange<Int64>) throws(APIError) -> Int64 {
        guard let value = fields[name] else { throw APIError.validation(field: name, "Missing field '\(name)'.") }
        guard case .int(let number) = value else {
            throw APIError.validation(field: name, "Field '\(name)' must be an integer, not \(value.typeName).")
        }
        guard range.contains(number) else {
            throw APIError.validation(
                field: name, "Field '\(name)' must be between \(range.lowerBound) and \(range.upperBound).")
        }
        return number
    }

    /// A required string that is one of `allowed`.
    func oneOf(_ name: String, _ allowed: [String]) throws(APIError) -> String {
        let text = try string(name, maxLength: 64)
        guard allowed.contains(text) else {
            throw APIError.validation(field: name, "Field '\(name)' must be one of \(allowed.joined(separator: ", ")).")
        }
        return text
    }
}
