import Foundation
import Glibc

/// A private nginx serving a directory on 127.0.0.1, configured and run entirely inside a work dir.
///
/// nginx daemonizes as usual (no `daemon off`); the master's pid is read from `<dir>/nginx.pid`
/// and `stop()` sends it SIGQUIT (graceful) and waits for it to go.
final class NginxServer: Sendable {
    static let binary = "/usr/sbin/nginx"

    /// The loopback port it listens on.
    let port: UInt16
    /// The master process.
    let pid: pid_t
    private let pidFile: String

    private init(port: UInt16, pid: pid_t, pidFile: String) {
        self.port = port
        self.pid = pid
        self.pidFile = pidFile
    }

    /// The URL of `name` under the served root, on loopback address 127.0.0.`host` (1 to `hosts`).
    func url(_ name: String, host: Int = 1) -> String { "http://127.0.0.\(host):\(port)/\(name)" }

    /// How the server serves: on how many loopback addresses (127.0.0.1 to 127.0.0.`hosts`, one port), how fast
    /// per response (nginx's `limit_rate`, nil: as fast as it can), and how many connections at once.
    struct Site: Sendable {
        var hosts = 1
        var limitRate: String?
        var connections = 64
    }

    /// Writes `<directory>/nginx.conf` serving `root` at `/`, starts nginx and waits until it accepts connections.
    static func start(directory: String, root: String, site: Site = Site()) throws -> NginxServer {
        guard access(binary, X_OK) == 0 else { throw BenchError("nginx not found; apt-get install nginx-light") }
        let port = try freePort()
        let temp = directory + "/nginx-temp"
        try FileManager.default.createDirectory(atPath: temp, withIntermediateDirectories: true)
        let config = directory + "/nginx.conf"
        let pidFile = directory + "/nginx.pid"
        let errorLog = directory + "/nginx-error.log"
        try? FileManager.default.removeItem(atPath: pidFile)
        try configuration(port: port, root: root, temp: temp, pidFile: pidFile, errorLog: errorLog, site: site)
            .write(toFile: config, atomically: true, encoding: .utf8)

        let launch = try ChildProcess.run(
            [binary, "-p", directory, "-c", config, "-e", errorLog], stderrPath: directory + "/nginx-start.log")
        guard launch.exitCode == 0 else {
            throw BenchError(
                "nginx failed to start (exit \(launch.exitCode)): \(lastLine(of: directory + "/nginx-start.log", or: errorLog))"
            )
        }
        let deadline = ChildProcess.monotonicSeconds() + 5
        var pid: pid_t = 0
        while ChildProcess.monotonicSeconds() < deadline {
            if pid == 0, let text = try? String(contentsOfFile: pidFile, encoding: .utf8),
                let value = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines))
            {
                pid = value
            }
            if pid != 0, (1...max(1, site.hosts)).allSatisfy({ canConnect(port: port, host: $0) }) {
                let server = NginxServer(port: port, pid: pid, pidFile: pidFile)
                Cleanup.shared.setServerStopper { server.stop() }
                return server
            }
            usleep(20_000)
        }
        if pid != 0 { kill(pid, SIGQUIT) }
        throw BenchError(
            "nginx did not come up on 127.0.0.1:\(port) within 5 s: \(lastLine(of: errorLog, or: errorLog))")
    }

    /// Graceful stop (SIGQUIT), then SIGTERM if it is still there after 5 s.
    func stop() {
        Cleanup.shared.setServerStopper(nil)
        kill(pid, SIGQUIT)
        let deadline = ChildProcess.monotonicSeconds() + 5
        while ChildProcess.monotonicSeconds() < deadline {
            if !isRunning { return }
            usleep(20_000)
        }
        kill(pid, SIGTERM)
    }

    /// Running means: signalable, not a zombie, and its pid file still there.
    private var isRunning: Bool {
        guard kill(pid, 0) == 0, access(pidFile, F_OK) == 0 else { return false }
        let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        return !stat.contains(") Z ")
    }

    private static func configuration(
        port: UInt16, root: String, temp: String, pidFile: String, errorLog: String, site: Site
    ) -> String {
        // As root, nginx would run its worker as `nobody`, which may not reach a private work dir.
        let user = geteuid() == 0 ? "user root root;\n" : ""
        let listens = (1...max(1, site.hosts)).map { "listen 127.0.0.\($0):\(port);" }.joined(separator: " ")
        let rate = site.limitRate.map { "limit_rate \($0);" } ?? ""
        let connections = max(64, 2 * site.connections + 64)
        return """
            \(user)worker_processes 1;
            worker_rlimit_nofile \(2 * connections + 64);
            pid \(pidFile);
            error_log \(errorLog);
            events { worker_connections \(connections); }
            http {
                access_log off;
                sendfile on;
                tcp_nopush on;
                default_type application/octet-stream;
                client_body_temp_path \(temp)/body;
                proxy_temp_path \(temp)/proxy;
                fastcgi_temp_path \(temp)/fastcgi;
                uwsgi_temp_path \(temp)/uwsgi;
                scgi_temp_path \(temp)/scgi;
                keepalive_requests 100000;
                server {
                    \(listens)
                    root \(root);
                    location / { \(rate) }
                }
            }

            """
    }

    /// A port the kernel just handed out for 127.0.0.1 (bound to port 0, then released).
    private static func freePort() throws -> UInt16 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw BenchError("socket: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var address = loopback(port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0 else { throw BenchError("bind 127.0.0.1:0: \(String(cString: strerror(errno)))") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard named == 0 else { throw BenchError("getsockname: \(String(cString: strerror(errno)))") }
        return UInt16(bigEndian: address.sin_port)
    }

    private static func canConnect(port: UInt16, host: Int = 1) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = loopback(port: port, host: host)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        } == 0
    }

    private static func loopback(port: UInt16, host: Int = 1) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = (UInt32(0x7f00_0000) | UInt32(truncatingIfNeeded: host & 0xff)).bigEndian
        return address
    }

    private static func lastLine(of path: String, or fallback: String) -> String {
        for file in [path, fallback] {
            let text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
            if let line = text.split(separator: "\n").last(where: { !$0.isEmpty }) { return String(line) }
        }
        return "no message"
    }
}
