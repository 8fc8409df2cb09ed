extension JSONValue {
    /// The field `key` of an object, `.null` when absent or not an object.
    public subscript(key: String) -> JSONValue {
        if case .object(let fields) = self { return fields.first { $0.0 == key }?.1 ?? .null }
        return .null
    }

    /// The element at `index` of an array, `.null` when out of range or not an array.
    public subscript(index: Int) -> JSONValue {
        if case .array(let items) = self, items.indices.contains(index) { return items[index] }
        return .null
    }

    /// The text of a string, `nil` otherwise.
    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The value of an integer, `nil` otherwise.
    public var intValue: Int64? {
        if case .int(let number) = self { return number }
        return nil
    }

    /// The elements of an array, empty otherwise.
    public var items: [JSONValue] {
        if case .array(let items) = self { return items }
        return []
    }

    /// Whether this is `null`.
    public var isNull: Bool { self == .null }
}
