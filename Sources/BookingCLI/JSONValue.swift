import BookingPrimitives

/// The JSON document of `--json` output: `BookingPrimitives.JSONValue`, the one
/// JSON value of the package, under the name the CLI's code uses.
package typealias JSONValue = BookingPrimitives.JSONValue
