/// Whose data a data directory holds: one server and one account.
///
/// A data directory belongs to the first (server, account) that writes in
/// it: its `owner` file names them. Any other pair keeps its own, complete
/// set of files in `spaces/<name>/` under the same directory, with its own
/// `owner` file. Nothing of one space is read, shown or settled by another:
/// an unanswered payment is only ever looked up on the server that got it,
/// and another account's trips are never listed. Coming back as the first
/// pair finds everything as it was.
///
/// The account is kept only as a digest (of the API key, or of the name
/// the app gives), never the key itself.
package struct DataSpace: Equatable, Sendable {
    /// The server: host, port and path of its base URL (`api.example.com:443/v1`),
    /// or `embedded` for the command line's own sandbox.
    package let server: String
    /// The digest of the account (64 hexadecimal characters).
    package let account: String

    /// The owner file's name, in the data directory and in each space.
    package static let ownerFileName = "owner"
    /// The folder of the spaces of every pair but the directory's first.
    package static let spacesFolder = "spaces"

    /// The space of `server` and the account whose API key is `apiKey`.
    package init(server: String, apiKey: String) {
        self.server = server
        account = SHA256.hex(Array("api key\n".utf8) + Array(apiKey.utf8))
    }

    /// The space of `server` and the account the app names `account` (its
    /// stable user id, when it signs requests with short-lived tokens).
    package init(server: String, account: String) {
        self.server = server
        self.account = SHA256.hex(Array("account\n".utf8) + Array(account.utf8))
    }

    /// The server identity of a base URL's parts: `host:port` and the path
    /// without its trailing `/`. Lower-case host, as the URL is read.
    package static func server(host: String, port: Int, path: String) -> String {
        var path = Substring(path)
        while path.hasSuffix("/") { path = path.dropLast() }
        return "\(host.lowercased()):\(port)\(path)"
    }

    /// The owner file's whole text: a first line naming the format, then
    /// the server and the account's digest.
    package var ownerText: String {
        "BookingKit data space 1\nserver \(server)\naccount \(account)\n"
    }

    /// The space's folder under `spaces/`: the first 16 hexadecimal
    /// characters of the owner text's digest.
    package var folderName: String {
        String(SHA256.hex(ownerText.utf8).prefix(16))
    }

    /// The path of the space's own directory under `root`, when `root` is
    /// owned by another pair.
    package func directory(under root: String) -> String {
        let base = root.hasSuffix("/") ? root : root + "/"
        return base + Self.spacesFolder + "/" + folderName
    }

    /// Whether `text`, an owner file's contents, names another format or
    /// is damaged (not one of ours, cut short).
    package static func isOwnerText(_ text: String) -> Bool {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return lines.count == 4 && lines[0] == "BookingKit data space 1" && lines[1].hasPrefix("server ")
            && lines[2].hasPrefix("account ") && lines[3].isEmpty
    }
}
