import Foundation

/// Finds a key that appears twice in one JSON object, at any depth.
///
/// Foundation's `JSONDecoder` accepts `{"state": "FAILED", "state":
/// "CONFIRMED"}` and keeps one of the two: a server (or anything on the way)
/// can then make one answer read two ways. The contract's objects never
/// repeat a key, so an answer that does is a bad answer, refused before it
/// is decoded.
///
/// The scan follows only the structure (objects, arrays, strings); whether
/// the text is valid JSON is the decoder's to say. Keys are compared after
/// their escapes are read, so `"st\u0061te"` repeats `"state"`.
enum DuplicateKeyScan {
    /// The first key that repeats within one object, or nil when none does.
    static func firstDuplicate(in data: Data) -> String? {
        data.withUnsafeBytes { buffer in
            firstDuplicate(in: buffer.bindMemory(to: UInt8.self))
        }
    }

    private enum Frame {
        case object(keys: Set<String>, expectingKey: Bool)
        case array
    }

    private static func firstDuplicate(in bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var stack: [Frame] = []
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                let start = index + 1
                var escaped = false
                index += 1
                while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                    if bytes[index] == UInt8(ascii: "\\") {
                        escaped = true
                        index += 1
                    }
                    index += 1
                }
                guard index < bytes.count else { return nil }
                if case .object(var keys, true)? = stack.last {
                    // Popped before the insert, so the set is not copied.
                    stack.removeLast()
                    let raw = UnsafeBufferPointer(rebasing: bytes[start..<index])
                    let key = escaped ? unescaped(raw) : String(decoding: raw, as: UTF8.self)
                    guard keys.insert(key).inserted else { return key }
                    stack.append(.object(keys: keys, expectingKey: false))
                }
            case UInt8(ascii: "{"):
                stack.append(.object(keys: [], expectingKey: true))
            case UInt8(ascii: "["):
                stack.append(.array)
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                _ = stack.popLast()
            case UInt8(ascii: ","):
                if case .object(let keys, false)? = stack.last {
                    stack.removeLast()
                    stack.append(.object(keys: keys, expectingKey: true))
                }
            default:
                break
            }
            index += 1
        }
        return nil
    }

    /// A key with escapes, read as the decoder reads it; the raw text when
    /// it cannot be read (the decoder then refuses the whole answer).
    private static func unescaped(_ raw: UnsafeBufferPointer<UInt8>) -> String {
        var quoted = Data([UInt8(ascii: "\"")])
        quoted.append(contentsOf: raw)
        quoted.append(UInt8(ascii: "\""))
        return (try? JSONDecoder().decode(String.self, from: quoted)) ?? String(decoding: raw, as: UTF8.self)
    }
}
