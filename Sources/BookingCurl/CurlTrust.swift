import Foundation

/// The certificate authorities an `https` exchange trusts, named the
/// OpenSSL way: `SSL_CERT_FILE`, a PEM file of CA certificates, in place
/// of libcurl's bundle (`CURLOPT_CAINFO`), and `SSL_CERT_DIR`, a directory
/// of hashed certificates, in place of its directory (`CURLOPT_CAPATH`).
/// libcurl itself reads neither variable. On Debian libcurl's directory is
/// `/etc/ssl/certs`, so a file with only a private CA (a test server's, a
/// company's) adds to what the system trusts, and its bundle still counts
/// through the directory.
struct CurlTrust: Equatable, Sendable {
    /// `SSL_CERT_FILE`, when set and not empty.
    var file: String?
    /// `SSL_CERT_DIR`, when set and not empty.
    var directory: String?

    /// The trust `environment` names.
    init(environment: [String: String]) {
        file = environment["SSL_CERT_FILE"].flatMap { $0.isEmpty ? nil : $0 }
        directory = environment["SSL_CERT_DIR"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Why no `https` exchange can start: a variable that names a file or
    /// directory that is not there (a typo, a file removed) is said so,
    /// with its name, rather than left to fail as an unknown certificate.
    /// Nil when nothing is wrong.
    func problem() -> String? {
        if let file {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory) else {
                return "SSL_CERT_FILE names \(file), which does not exist"
            }
            if isDirectory.boolValue { return "SSL_CERT_FILE names \(file), which is a directory, not a file" }
            if !FileManager.default.isReadableFile(atPath: file) {
                return "SSL_CERT_FILE names \(file), which cannot be read"
            }
        }
        if let directory {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) else {
                return "SSL_CERT_DIR names \(directory), which does not exist"
            }
            if !isDirectory.boolValue { return "SSL_CERT_DIR names \(directory), which is not a directory" }
        }
        return nil
    }
}
