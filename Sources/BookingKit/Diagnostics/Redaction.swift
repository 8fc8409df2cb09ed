import BookingCore

/// Removes what must never be stored: payment tokens, and any whole run of
/// 13 to 19 digits (single spaces or dashes between them allowed) that
/// passes the Luhn check, i.e. anything that looks like a card number. A
/// run is judged whole, never by its parts, so long numeric ids are kept.
/// Ids are kept whole: a run that touches a letter (`bk_a411111110000005`,
/// a server's booking id) is part of a word, and a UUID (8-4-4-4-12 hex
/// digits, the shape of this library's attempt ids and idempotency keys)
/// is an id whatever digits it holds. An id that lost a run could no longer
/// be found in a log or looked up.
package enum Redaction {
    /// What a removed value is replaced with.
    package static let placeholder = BookingFlow.redactedPlaceholder

    /// `text` with every card-number-like digit run replaced.
    package static func removingCardNumbers(_ text: String) -> String {
        let characters = Array(text)
        var output = ""
        var index = 0
        while index < characters.count {
            let startsWord = index == 0 || !isASCIIAlphanumeric(characters[index - 1])
            if startsWord, let end = uuidEnd(characters, from: index) {
                output.append(contentsOf: characters[index..<end])
                index = end
                continue
            }
            let startsRun = index == 0 || !(characters[index - 1].isASCII && characters[index - 1].isNumber)
            if startsRun, characters[index].isASCII, characters[index].isNumber,
                let end = cardNumberEnd(characters, from: index),
                !(index > 0 && isASCIILetter(characters[index - 1])),
                !(end < characters.count && isASCIILetter(characters[end]))
            {
                output += placeholder
                index = end
            } else {
                output.append(characters[index])
                index += 1
            }
        }
        return output
    }

    /// Whether `text` contains a card-number-like digit run.
    package static func containsCardNumber(_ text: String) -> Bool {
        removingCardNumbers(text) != text
    }

    /// The end of the UUID starting at `start`: 36 characters, hex digits in
    /// groups of 8, 4, 4, 4 and 12 joined by dashes, with no letter or
    /// digit right after.
    private static func uuidEnd(_ characters: [Character], from start: Int) -> Int? {
        let end = start + 36
        guard end <= characters.count, end == characters.count || !isASCIIAlphanumeric(characters[end]) else {
            return nil
        }
        for offset in 0..<36 {
            let character = characters[start + offset]
            if [8, 13, 18, 23].contains(offset) {
                guard character == "-" else { return nil }
            } else {
                guard character.isASCII, character.isHexDigit else { return nil }
            }
        }
        return end
    }

    private static func isASCIIAlphanumeric(_ character: Character) -> Bool {
        isASCIILetter(character) || (character.isASCII && character.isNumber)
    }

    private static func isASCIILetter(_ character: Character) -> Bool {
        character.isASCII && character.isLetter
    }

    /// The end of the digit run starting at `start` when the whole run is
    /// 13-19 digits and Luhn-valid.
    private static func cardNumberEnd(_ characters: [Character], from start: Int) -> Int? {
        var digits: [Int] = []
        var end = start
        var index = start
        while index < characters.count {
            let character = characters[index]
            if character.isASCII, let digit = character.wholeNumberValue {
                digits.append(digit)
                end = index + 1
            } else if character == " " || character == "-", index + 1 < characters.count,
                characters[index + 1].isASCII, characters[index + 1].isNumber
            {
                // one separator inside the number
            } else {
                break
            }
            index += 1
        }
        guard (13...19).contains(digits.count), luhnValid(digits[...]) else { return nil }
        return end
    }

    static func luhnValid(_ digits: ArraySlice<Int>) -> Bool {
        var sum = 0
        for (offset, digit) in digits.reversed().enumerated() {
            if offset % 2 == 1 {
                let doubled = digit * 2
                sum += doubled > 9 ? doubled - 9 : doubled
            } else {
                sum += digit
            }
        }
        return sum % 10 == 0
    }
}
