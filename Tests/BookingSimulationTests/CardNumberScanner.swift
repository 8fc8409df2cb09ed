import Foundation

/// Finds card-number-like digit runs in raw bytes: 13 to 19 ASCII digits
/// (single spaces or dashes between them allowed), not part of a longer
/// word, that pass the Luhn check. A bare JSON number (`:1795974040333,`,
/// the event log's times and durations) is not text a person typed, and is
/// skipped; the same digits inside a string are found.
enum CardNumberScanner {
    /// Every card-number-like run in `data`, as text.
    static func cardNumbers(in data: Data) -> [String] {
        let bytes = [UInt8](data)
        var found: [String] = []
        var index = 0
        while index < bytes.count {
            guard isDigit(bytes[index]), index == 0 || !isWordByte(bytes[index - 1]) else {
                index += 1
                continue
            }
            var digits: [UInt8] = []
            var end = index
            while end < bytes.count {
                if isDigit(bytes[end]) {
                    digits.append(bytes[end] - 48)
                } else if bytes[end] == 32 || bytes[end] == 45, end + 1 < bytes.count, isDigit(bytes[end + 1]) {
                    // a separator inside the number
                } else {
                    break
                }
                end += 1
            }
            let bounded = end == bytes.count || !isWordByte(bytes[end])
            let jsonNumber =
                index > 0 && [58, 91, 44].contains(bytes[index - 1])  // : [ ,
                && end < bytes.count && [44, 93, 125].contains(bytes[end])  // , ] }
            if bounded, !jsonNumber, (13...19).contains(digits.count), luhn(digits) {
                found.append(String(decoding: bytes[index..<end], as: UTF8.self))
            }
            index = end + 1
        }
        return found
    }

    static func luhn(_ digits: [UInt8]) -> Bool {
        var sum = 0
        for (offset, digit) in digits.reversed().enumerated() {
            let value = Int(digit)
            sum += offset % 2 == 1 ? (value * 2 > 9 ? value * 2 - 9 : value * 2) : value
        }
        return sum % 10 == 0
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122) || byte == 95
    }
}
