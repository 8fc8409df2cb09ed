import BookingPrimitives
import Foundation

extension JSONValue {
    /// Parses a JSON document with Foundation's `JSONDecoder`; `nil` when
    /// `data` is not JSON. (Here, not in Primitives: Primitives links no
    /// Foundation, for the `booking` viewer.)
    package static func parse(_ data: Data) -> JSONValue? {
        try? JSONDecoder().decode(JSONValue.self, from: data)
    }
}
