/// The moments of a change of dates a crash test can stop it at: where
/// dying leaves a different state on disk and on the server. `description`
/// is the name the CLI's crash hook takes. A test seam, out of the public
/// API: `@_spi(Testing) import BookingKit` reaches it.
@_spi(Testing) public enum ModifyBoundary: String, Sendable, CaseIterable, CustomStringConvertible {
    /// Before the request row is committed: nothing saved, nothing sent.
    case beforeCommit = "before modify commit"
    /// The row is committed; its POST has not left.
    case afterCommit = "after modify commit"
    /// The server answered the POST; the answer is not saved yet.
    case afterPost = "after modify POST"
    /// The answer is saved: the trip and the request, in one transaction.
    case afterSave = "after modify saved"

    public var description: String { rawValue }
}

/// Asked at every `ModifyBoundary`; `false` stops the change right there,
/// as if the process died. For crash tests only.
package typealias ModifyBoundaryHook = @Sendable (ModifyBoundary) -> Bool
