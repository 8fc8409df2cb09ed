// The one rule for guest details (the contract's `Guest`): the flow, the
// library, the command line and the sandbox all check with it.
extension GuestDetails {
    /// What is wrong with one field, in words a traveller reads.
    public struct Problem: Error, Hashable, Sendable {
        /// The field, as the contract names it (`name`, `email`, `phone`,
        /// `specialRequest`, `arrivalTime`).
        public let field: String
        /// What is wrong and how to fix it.
        public let message: String

        /// A problem with `field`.
        package init(field: String, message: String) {
            self.field = field
            self.message = message
        }
    }

    /// The details as sent: text trimmed of surrounding spaces and line
    /// breaks, and an optional field left empty dropped.
    public var trimmed: GuestDetails {
        GuestDetails(
            name: Self.trim(name), email: Self.trim(email), phone: phone.flatMap(Self.present),
            specialRequest: specialRequest.flatMap(Self.present), arrivalTime: arrivalTime.flatMap(Self.present))
    }

    /// The first field that is wrong once trimmed; `nil` when the details
    /// can be sent.
    public var problem: Problem? {
        let guest = trimmed
        if let problem = Self.text(guest.name, "name", "the lead guest's name", limit: 200) { return problem }
        if let problem = Self.text(guest.email, "email", "an email address", limit: 254) { return problem }
        if !Self.isEmail(guest.email) {
            return Problem(field: "email", message: "Enter an email address like name@example.com.")
        }
        if let phone = guest.phone {
            if let problem = Self.text(phone, "phone", "a phone number", limit: 32) { return problem }
            if !Self.isPhone(phone) {
                return Problem(field: "phone", message: "Enter a phone number of digits, like +351 912 345 678.")
            }
        }
        if let request = guest.specialRequest,
            let problem = Self.text(request, "specialRequest", "the request", limit: 500)
        {
            return problem
        }
        if let arrival = guest.arrivalTime, !Self.isClockTime(arrival) {
            return Problem(field: "arrivalTime", message: "Enter the arrival time as HH:MM, like 18:30.")
        }
        return nil
    }

    // Unicode scalars and bytes only, no Unicode property tables: the lean
    // viewer links this module and has a 10 MB budget. Lengths count code
    // points, as the contract's JSON Schema `maxLength` does.

    private static func text(_ value: String, _ field: String, _ what: String, limit: Int) -> Problem? {
        if value.isEmpty { return Problem(field: field, message: "Enter \(what).") }
        if value.unicodeScalars.count > limit {
            return Problem(field: field, message: "Shorten \(what) to \(limit) characters at most.")
        }
        if value.unicodeScalars.contains(where: isForbidden) {
            return Problem(field: field, message: "Type \(what) again: it holds a hidden control character.")
        }
        return nil
    }

    /// A control character, or one that reorders text on screen (bidi).
    private static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F..<0xA0, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// Unicode's white space (`White_Space`), listed.
    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000:
            return true
        default: return false
        }
    }

    /// `local@domain.tld`: one `@`, no spaces, a dot inside the domain.
    private static func isEmail(_ value: String) -> Bool {
        let scalars = Array(value.unicodeScalars)
        guard !scalars.contains(where: isSpace), let at = scalars.firstIndex(of: "@"), at > 0,
            scalars.lastIndex(of: "@") == at
        else { return false }
        let domain = scalars[(at + 1)...]
        guard let dot = domain.lastIndex(of: ".") else { return false }
        return dot > at + 1 && dot < scalars.count - 1
    }

    /// An optional `+`, then a digit, then digits, spaces, `(`, `)` or `-`.
    private static func isPhone(_ value: String) -> Bool {
        var bytes = Array(value.utf8)[...]
        if bytes.first == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
        guard let first = bytes.first, isDigit(first), bytes.count >= 4 else { return false }
        return bytes.allSatisfy { isDigit($0) || $0 == 0x20 || $0 == 0x28 || $0 == 0x29 || $0 == 0x2D }
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// `HH:MM` from 00:00 to 23:59.
    private static func isClockTime(_ value: String) -> Bool {
        let bytes = Array(value.utf8)
        guard bytes.count == 5, bytes[2] == UInt8(ascii: ":"), [0, 1, 3, 4].allSatisfy({ isDigit(bytes[$0]) })
        else { return false }
        let number = { (index: Int) in Int(bytes[index]) - 48 }
        return number(0) * 10 + number(1) < 24 && number(3) < 6
    }

    private static func trim(_ value: String) -> String {
        let scalars = value.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }),
            let last = scalars.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(scalars[first...last])
    }

    private static func present(_ value: String) -> String? {
        let text = trim(value)
        return text.isEmpty ? nil : text
    }
}
