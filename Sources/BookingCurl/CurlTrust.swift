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
    /// directory that is not there (a typo, a file removed), a file with no
    /// PEM certificate in it (a DER file, a key, anything else), or a
    /// directory with no certificate under a hashed name is said so, with
    /// its name, rather than left to fail as an unknown certificate. Nil
    /// when nothing is wrong.
    func problem() -> String? {
        if let file {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory) else {
                return "SSL_CERT_FILE names \(file), which does not exist"
            }
            if isDirectory.boolValue { return "SSL_CERT_FILE names \(file), which is a directory, not a file" }
            guard let handle = FileHandle(forReadingAtPath: file) else {
                return "SSL_CERT_FILE names \(file), which cannot be read"
            }
            defer { try? handle.close() }
            // A bundle's first certificate comes after at most a few comments.
            let start = (try? handle.read(upToCount: 65_536)) ?? Data()
            if start.range(of: Data("-----BEGIN ".utf8)) == nil {
                return "SSL_CERT_FILE names \(file), which holds no PEM certificate (-----BEGIN CERTIFICATE-----)"
            }
        }
        if let directory {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) else {
                return "SSL_CERT_DIR names \(directory), which does not exist"
            }
            if !isDirectory.boolValue { return "SSL_CERT_DIR names \(directory), which is not a directory" }
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            if !names.contains(where: Self.isHashedName) {
                return "SSL_CERT_DIR names \(directory), which holds no certificate under a hashed name "
                    + "(such as 1a2b3c4d.0, as `openssl rehash` names them)"
            }
        }
        return nil
    }

    /// Whether `name` is how OpenSSL looks a certificate up in a directory:
    /// the subject's hash in 8 hexadecimal digits, a dot, a number.
    private static func isHashedName(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 8, parts[0].allSatisfy(\.isHexDigit) else { return false }
        return !parts[1].isEmpty && parts[1].allSatisfy(\.isNumber)
    }
}
