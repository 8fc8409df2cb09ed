import BookingHTTPServer

/// A request's query parameters, checked: only known names, each at most
/// once, valid percent-encoding. Anything else is a 400.
struct QueryParameters {
    private var values: [String: String] = [:]

    init(_ request: HTTPRequest, allowed: Set<String>) throws(APIError) {
        guard let items = request.queryItems else {
            throw APIError(
                status: 400, code: "VALIDATION_ERROR", message: "The query string is not valid percent-encoding.")
        }
        for item in items {
            guard allowed.contains(item.name) else {
                throw APIError.validation(field: item.name, "Unknown query parameter '\(item.name.prefix(64))'.")
            }
            guard values[item.name] == nil else {
                throw APIError.validation(field: item.name, "Query parameter '\(item.name)' is given more than once.")
            }
            values[item.name] = item.value
        }
    }

    /// The parameter's value, `nil` when absent.
    subscript(name: String) -> String? { values[name] }

    /// A required, non-empty parameter of at most `maxLength` bytes.
    func required(_ name: String, maxLength: Int = 128) throws(APIError) -> String {
        guard let value = values[name], !value.isEmpty else {
            throw APIError.validation(field: name, "Missing query parameter '\(name)'.")
        }
        guard value.utf8.count <= maxLength else {
            throw APIError.validation(field: name, "Query parameter '\(name)' is longer than \(maxLength) bytes.")
        }
        return value
    }

    /// An integer parameter in `range` (plain digits), or `defaultValue` when absent.
    func integer(_ name: String, in range: ClosedRange<Int>, default defaultValue: Int? = nil) throws(APIError) -> Int {
        guard let text = values[name] else {
            if let defaultValue { return defaultValue }
            throw APIError.validation(field: name, "Missing query parameter '\(name)'.")
        }
        guard !text.isEmpty, text.utf8.count <= 6, text.utf8.allSatisfy({ (48...57).contains($0) }),
            let value = Int(text), range.contains(value)
        else {
            throw APIError.validation(
                field: name,
                "Query parameter '\(name)' must be an integer from \(range.lowerBound) to \(range.upperBound).")
        }
        return value
    }

    /// A strict `YYYY-MM-DD` date parameter.
    func date(_ name: String) throws(APIError) -> CalendarDay {
        let text = try required(name, maxLength: 10)
        guard let day = CalendarDay(text) else {
            throw APIError.validation(field: name, "Query parameter '\(name)' must be a date YYYY-MM-DD.")
        }
        return day
    }
}
