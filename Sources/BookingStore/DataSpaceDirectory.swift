import BookingPrimitives
import Foundation

/// Finds, and on first use claims, the directory of one `DataSpace` in a
/// data directory: the data directory itself when its `owner` file names
/// that space (or, for reading, when it has none yet), else
/// `spaces/<name>/` under it.
///
/// A claim is atomic: the owner text is written to a file of this
/// process's own, synced, then hard-linked to `owner`, which fails if
/// another process linked first; the loser reads the winner's file. An
/// owner file is never changed afterwards, so every process of every pair
/// finds the same directory.
///
/// A data directory written before spaces existed has no `owner` file: the
/// first pair that writes in it after that claims it with everything in it.
package enum DataSpaceDirectory {
    /// Why a space could not be found.
    package struct Failure: Error, CustomStringConvertible, Sendable {
        /// What went wrong, naming the file.
        package let description: String
    }

    /// The directory of `space` under `root`, for reading: nothing is
    /// created. The space's directory may not exist yet (nothing saved).
    package static func find(_ space: DataSpace, root: String) throws(Failure) -> String {
        switch try owner(of: root) {
        case nil, space.ownerText?: return root
        default: return space.directory(under: root)
        }
    }

    /// The directory of `space` under `root`, for writing: `root` and the
    /// space's directory are made if missing (owner-only), and the first
    /// owner file that is missing is claimed for `space`.
    package static func claim(_ space: DataSpace, root: String) throws(Failure) -> String {
        do {
            try BookingDatabase.makeDataDirectory(atPath: root)
        } catch {
            throw Failure(description: "cannot make the data directory \(root): \(error)")
        }
        if try claimOwner(of: root, for: space) == space.ownerText { return root }
        let directory = space.directory(under: root)
        do {
            try BookingDatabase.makeDataDirectory(atPath: directory)
        } catch {
            throw Failure(description: "cannot make the data space \(directory): \(error)")
        }
        let found = try claimOwner(of: directory, for: space)
        guard found == space.ownerText else {
            throw Failure(description: "\(directory)/\(DataSpace.ownerFileName) names another server or account")
        }
        return directory
    }

    /// The owner text of `directory`; nil when it has no owner file.
    private static func owner(of directory: String) throws(Failure) -> String? {
        let path = (directory as NSString).appendingPathComponent(DataSpace.ownerFileName)
        guard let data = FileManager.default.contents(atPath: path) else {
            var status = stat()
            if lstat(path, &status) != 0 && errno == ENOENT { return nil }
            throw Failure(description: "cannot read \(path): \(String(cString: strerror(errno)))")
        }
        let text = String(decoding: data, as: UTF8.self)
        guard DataSpace.isOwnerText(text) else {
            throw Failure(
                description: "\(path) is not a BookingKit owner file (damaged, or written by something else)")
        }
        return text
    }

    /// Links an owner file for `space` into `directory` unless one is
    /// there; the owner text found afterwards.
    private static func claimOwner(of directory: String, for space: DataSpace) throws(Failure) -> String {
        if let found = try owner(of: directory) { return found }
        let path = (directory as NSString).appendingPathComponent(DataSpace.ownerFileName)
        let draft = path + ".\(getpid()).draft"
        unlink(draft)
        let descriptor = open(draft, O_CREAT | O_EXCL | O_WRONLY | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw failure("cannot write", draft) }
        let bytes = Array(space.ownerText.utf8)
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        let synced = fsync(descriptor) == 0
        close(descriptor)
        defer { unlink(draft) }
        guard written == bytes.count, synced else { throw failure("cannot write", draft) }
        if link(draft, path) != 0 && errno != EEXIST { throw failure("cannot claim", path) }
        syncDirectory(directory)
        guard let found = try owner(of: directory) else { throw failure("cannot read", path) }
        return found
    }

    /// The directory's entry for `owner` made durable; a failure is left
    /// to the databases' own syncs, which sync the directory too.
    private static func syncDirectory(_ directory: String) {
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }

    private static func failure(_ doing: String, _ path: String) -> Failure {
        Failure(description: "\(doing) \(path): \(String(cString: strerror(errno)))")
    }
}
