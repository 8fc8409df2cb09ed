import Foundation
@_exported import TestSupport

/// Stock nginx (Debian's `nginx`) as the gateway in front of a sandbox on
/// loopback, configured as deployments commonly are: an upstream's 500, 502
/// or 504 is replaced by the gateway's own 503 with a JSON body in the
/// contract's shape and `Retry-After` (`proxy_intercept_errors` +
/// `error_page 500 502 504 =503`). So the client gets a 503 that reads like
/// the server's "nothing ran" after the server ran the request.
///
/// One nginx process per gateway (`daemon off`, `master_process off`), its
/// configuration, logs and temporary files in a directory of its own; ended
/// by `stop()` or when the gateway is released.
package final class NginxGateway: @unchecked Sendable {
    /// The tool the tests that use it need (`ExternalTool.needed`).
    package static let tool = "nginx"
    /// The gateway's port on 127.0.0.1.
    package let port: Int
    private let process: Process
    private let directory: TemporaryDirectory

    /// Why nginx did not start.
    package struct StartFailure: Error, CustomStringConvertible {
        /// What nginx said, or what went wrong.
        package let description: String
    }

    /// Starts nginx in front of `127.0.0.1:upstreamPort`.
    package init(upstreamPort: Int) throws {
        let installed = "/usr/sbin/nginx"
        guard
            let nginx = ExternalTool.path(Self.tool)
                ?? (FileManager.default.isExecutableFile(atPath: installed) ? installed : nil)
        else { throw StartFailure(description: "nginx is not installed") }
        directory = TemporaryDirectory("nginx-gateway")
        var lastError = ""
        for _ in 0..<8 {
            let port = Int.random(in: 20_000..<60_000)
            let config = directory.file("nginx.conf")
            try Self.configuration(directory: directory.path, port: port, upstreamPort: upstreamPort)
                .write(toFile: config, atomically: true, encoding: .utf8)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: nginx)
            process.arguments = ["-p", directory.path, "-c", config, "-e", directory.file("error.log")]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            // nginx opens its listening socket before it writes its pid file.
            let pidFile = directory.file("nginx.pid")
            Poll.blockingUntil { FileManager.default.fileExists(atPath: pidFile) || !process.isRunning }
            if process.isRunning && FileManager.default.fileExists(atPath: pidFile) {
                self.port = port
                self.process = process
                return
            }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            lastError = (try? String(contentsOfFile: directory.file("error.log"), encoding: .utf8)) ?? ""
        }
        throw StartFailure(description: "nginx did not start: \(lastError)")
    }

    deinit { stop() }

    /// Ends nginx. With SIGKILL: nginx started from this process inherits
    /// a signal mask that blocks SIGTERM (the Swift runtime's threads block
    /// most signals), and in single-process mode it never unblocks it.
    package func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    static func configuration(directory: String, port: Int, upstreamPort: Int) -> String {
        """
        daemon off;
        master_process off;
        worker_processes 1;
        pid \(directory)/nginx.pid;
        error_log \(directory)/error.log;
        events { worker_connections 64; }
        http {
            access_log off;
            client_body_temp_path \(directory)/body;
            proxy_temp_path \(directory)/proxy;
            fastcgi_temp_path \(directory)/fastcgi;
            uwsgi_temp_path \(directory)/uwsgi;
            scgi_temp_path \(directory)/scgi;
            server {
                listen 127.0.0.1:\(port);
                location / {
                    proxy_pass http://127.0.0.1:\(upstreamPort);
                    proxy_http_version 1.1;
                    proxy_set_header Host 127.0.0.1:\(upstreamPort);
                    proxy_intercept_errors on;
                    error_page 500 502 504 =503 /gateway-unavailable.json;
                }
                location = /gateway-unavailable.json {
                    internal;
                    default_type application/json;
                    add_header Retry-After 1 always;
                    return 200 '{"error":{"code":"UNAVAILABLE","message":"The service is unavailable; retry later."}}';
                }
            }
        }
        """
    }
}
