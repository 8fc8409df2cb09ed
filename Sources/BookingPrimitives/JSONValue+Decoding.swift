extension JSONValue: Decodable {
    /// Decodes any JSON value; an integer that fits `Int64` is `.int`, any
    /// other number `.double`. An object's fields are sorted by name (a
    /// decoder gives them in no set order), so equal documents compare equal.
    public init(from decoder: any Decoder) throws {
        if var array = try? decoder.unkeyedContainer() {
            var values: [JSONValue] = []
            while !array.isAtEnd { values.append(try array.decode(JSONValue.self)) }
            self = .array(values)
            return
        }
        if let object = try? decoder.container(keyedBy: AnyKey.self) {
            var fields: [(String, JSONValue)] = []
            for key in object.allKeys {
                fields.append((key.stringValue, try object.decode(JSONValue.self, forKey: key)))
            }
            self = .object(fields.sorted { $0.0 < $1.0 })
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self = .null
        } else if let value = try? single.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? single.decode(Int64.self) {
            self = .int(value)
        } else if let value = try? single.decode(Double.self) {
            self = .double(value)
        } else {
            self = .string(try single.decode(String.self))
        }
    }

    /// The JSON type name (`"number"`, `"object"`, ...), for error messages.
    public var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "boolean"
        case .int, .double: return "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }

    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
