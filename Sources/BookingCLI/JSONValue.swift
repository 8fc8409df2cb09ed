import Primitives

/// The JSON document of `--json` output: `Primitives.JSONValue`, the one
/// JSON value of the package, under the name the CLI's code uses.
package typealias JSONValue = Primitives.JSONValue
