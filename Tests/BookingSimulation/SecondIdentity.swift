/// Who the second process on the app's data directory is (seeds with a
/// second process only). The same server and account share the app's files
/// (the `booking` CLI from another terminal); another account on the same
/// server, or the same key on a second server, keeps its own files in a data
/// space under the same directory, and must never read, settle or show what
/// the app saved.
public enum SecondIdentity: String, Sendable, CaseIterable {
    /// The app's server and account: the same files.
    case same
    /// Another account (another API key) on the app's server.
    case otherAccount
    /// The app's key on a second server.
    case otherServer

    /// The identity of a seed with a second process: one in three of them
    /// is another account or another server (seeds whose remainder by 18 is
    /// 1 or 7), so the other two thirds keep the shared files' interleavings.
    static func drawn(seed: UInt64) -> SecondIdentity {
        switch seed % 18 {
        case 1: return .otherAccount
        case 7: return .otherServer
        default: return .same
        }
    }
}
