/// The ids and keys the server gives, checked at decoding so that nothing
/// outside the contract's alphabet is saved, shown or put into a path: an
/// id is 1 to 128 letters, digits, `_` or `-` (every id of the contract:
/// `hold_<16 hex>`, `bk_<16 hex>`, `off_htl_...`, `qt_<16 hex>`,
/// `plc_...`); an idempotency key 1 to 255 printable ASCII characters
/// (`Idempotency-Key`). So `hold_0123/../../v1/...`, a line break or an
/// escape code, or 3,000 characters are a bad answer.
enum ContractID {
    /// Why `value`, the field `field`, is not an id, or nil when it is one.
    static func violation(_ value: String, _ field: String) -> String? {
        let bytes = value.utf8
        let valid =
            (1...128).contains(bytes.count)
            && bytes.allSatisfy { byte in
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                    || byte == 0x5F || byte == 0x2D
            }
        return valid ? nil : "\(field) \(String(value.prefix(40)).debugDescription) is not an id of the contract"
    }

    /// Why `value` is not an idempotency key, or nil when it is one.
    static func keyViolation(_ value: String, _ field: String) -> String? {
        let bytes = value.utf8
        let valid = (1...255).contains(bytes.count) && bytes.allSatisfy { $0 >= 0x21 && $0 <= 0x7E }
        return valid ? nil : "\(field) \(String(value.prefix(40)).debugDescription) is not a key of the contract"
    }

    /// The first violation among `fields` (value, name), if any.
    static func firstViolation(_ fields: [(String?, String)]) -> String? {
        fields.lazy.compactMap { value, name in value.flatMap { violation($0, name) } }.first
    }
}
