import BookingCore

/// Removes what must never be stored: payment tokens, and any whole run of
/// 13 to 19 digits (single spaces or dashes between them allowed) that
/// passes the Luhn check, i.e. anything that looks like a card number. A
/// run is judged whole, never by its parts, so long numeric ids are kept.
package enum Redaction {
    /// What a removed value is replaced with.
    package static let placeholder = BookingFlow.redactedPlaceholder

    /// `text` with every card-number-like digit run replaced.
    package static func removingCardNumbers(_ text: String) -> String {
        let characters = Array(text)
        var output = ""
        var index = 0
        while index < characters.count {
            let startsRun = index == 0 || !(characters[index - 1].isASCII && characters[index - 1].isNumber)
            if startsRun, characters[index].isASCII, characters[index].isNumber,
                let end = cardNumberEnd(characters, from: index)
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
