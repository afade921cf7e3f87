import Foundation
import OffstageOrigin
import OffstageTestSupport
import Testing

/// HTTPS against nginx on loopback with a throwaway certificate: TLS is verified, and a redirect
/// from https to http is refused before anything is sent to the http origin.
struct TLSTests {
    @Test func httpsIsVerifiedAndNeverDowngradedToHTTP() throws {
        guard let nginx = TLSOrigin.tools() else {
            Issue.record("nginx and openssl are needed for this test; .ci/setup installs them")
            return
        }
        let origin = try OriginFixture()
        defer { origin.stop() }
        let folder = try TemporaryHome(prefix: "offstage-e2e-tls")
        let server = try TLSOrigin(nginx: nginx, folder: folder.base, httpOrigin: origin.baseURL)
        defer { server.stop() }
        let binary = try OffstageBinary(home: folder.base + "/home")
        let trusted = ["OFFSTAGE_CA_BUNDLE": server.certificate]

        let untrusted = try binary.run(["get", server.url("/hello.txt"), "-o", folder.base + "/a.txt"])
        #expect(untrusted.status == 1)
        #expect(untrusted.stderr.lowercased().contains("certificate"), "\(untrusted.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.base + "/a.txt"))

        let verified = try binary.run(
            ["get", server.url("/hello.txt"), "-o", folder.base + "/b.txt"], environment: trusted)
        #expect(verified.status == 0, "\(verified.stderr)")
        #expect((try? String(contentsOfFile: folder.base + "/b.txt", encoding: .utf8)) == "hello over tls\n")

        let downgrade = try binary.run(
            ["get", server.url("/to-http"), "-o", folder.base + "/c.bin"], environment: trusted)
        #expect(downgrade.status == 1)
        #expect(downgrade.stderr.contains("redirect from https to http refused"), "\(downgrade.stderr)")
        #expect(origin.server.requestLog().isEmpty, "the http origin was contacted: \(origin.server.requestLog())")
    }
}

/// nginx serving HTTPS on a free loopback port with a self-signed certificate for 127.0.0.1.
final class TLSOrigin {
    let certificate: String
    let port: UInt16
    private let process: Process

    /// The nginx binary, when nginx and openssl are both installed.
    static func tools() -> String? {
        let nginx = ["/usr/sbin/nginx", "/usr/bin/nginx"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl") else { return nil }
        return nginx
    }

    init(nginx: String, folder: String, httpOrigin: String) throws {
        let dir = folder + "/nginx"
        try FileManager.default.createDirectory(atPath: dir + "/www", withIntermediateDirectories: true)
        try "hello over tls\n".write(toFile: dir + "/www/hello.txt", atomically: true, encoding: .utf8)
        certificate = dir + "/cert.pem"
        let openssl = Process()
        openssl.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        openssl.arguments = [
            "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", dir + "/key.pem", "-out", certificate,
            "-days", "2", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
        ]
        openssl.standardOutput = FileHandle.nullDevice
        openssl.standardError = FileHandle.nullDevice
        try openssl.run()
        openssl.waitUntilExit()
        port = try FreePort.pick()
        let configuration = """
            daemon off;
            worker_processes 1;
            pid \(dir)/nginx.pid;
            error_log \(dir)/error.log;
            events { worker_connections 64; }
            http {
                access_log off;
                client_body_temp_path \(dir)/tmp-body;
                proxy_temp_path \(dir)/tmp-proxy;
                fastcgi_temp_path \(dir)/tmp-fastcgi;
                uwsgi_temp_path \(dir)/tmp-uwsgi;
                scgi_temp_path \(dir)/tmp-scgi;
                server {
                    listen 127.0.0.1:\(port) ssl;
                    ssl_certificate \(certificate);
                    ssl_certificate_key \(dir)/key.pem;
                    root \(dir)/www;
                    location = /to-http { return 302 \(httpOrigin)/gen/64k; }
                }
            }
            """
        try configuration.write(toFile: dir + "/nginx.conf", atomically: true, encoding: .utf8)
        process = Process()
        process.executableURL = URL(fileURLWithPath: nginx)
        process.arguments = ["-p", dir, "-c", dir + "/nginx.conf", "-e", dir + "/error.log"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        try FreePort.waitUntilAccepting(port, while: { self.process.isRunning })
    }

    /// `https://127.0.0.1:PORT/path`.
    func url(_ path: String) -> String { "https://127.0.0.1:\(port)\(path)" }

    /// Stops nginx.
    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }
}

/// Loopback ports for servers the tests start.
enum FreePort {
    struct Unavailable: Error {}

    /// A port that was free a moment ago (bound to port 0, then released).
    static func pick() throws -> UInt16 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Unavailable() }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        guard bound else { throw Unavailable() }
        return UInt16(bigEndian: address.sin_port)
    }

    /// Waits (up to 10 s) until something accepts connections on the port, while `alive` holds.
    static func waitUntilAccepting(_ port: UInt16, while alive: () -> Bool) throws {
        let accepting = Wait.until(timeout: 10) {
            guard alive() else { return true }
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
                }
            }
            close(fd)
            return connected
        }
        guard accepting, alive() else { throw Unavailable() }
    }
}
