import Foundation

/// One place for the JSON coders of the wire.
enum JSONWire {
    static func decoder() -> JSONDecoder {
        JSONDecoder()
    }

    /// Decodes an answer's body strictly: a key repeated within one object
    /// (which `JSONDecoder` would read as one of its values) or a value that
    /// contradicts itself (`WireConsistency`) is refused, as the decoder
    /// refuses a missing field.
    static func decode<T: Decodable>(_ type: T.Type, from body: Data) throws -> T {
        if let key = DuplicateKeyScan.firstDuplicate(in: body) {
            throw DecodingError.dataCorrupted(
                .init(codingPath: [], debugDescription: "the key \"\(key)\" appears twice in one object"))
        }
        let value = try decoder().decode(type, from: body)
        if let checked = value as? any WireConsistency, let contradiction = checked.contradiction {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: contradiction))
        }
        return value
    }

    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }

    /// A readable one-line account of a decoding error: the path and the reason.
    static func explain(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return String(describing: error) }
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
            return keys.isEmpty ? "body" : keys.joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, let context): return "\(path(context)).\(key.stringValue) is missing"
        case .typeMismatch(_, let context): return "\(path(context)) has the wrong type"
        case .valueNotFound(_, let context): return "\(path(context)) is null"
        case .dataCorrupted(let context): return "\(path(context)): \(context.debugDescription)"
        @unknown default: return String(describing: error)
        }
    }
}
