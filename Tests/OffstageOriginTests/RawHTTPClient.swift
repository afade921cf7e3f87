import Foundation
import Glibc

@testable import OffstageOrigin

/// A response as read off the wire by `RawHTTPClient`.
struct RawResponse {
    var status: Int
    var headers: [(name: String, value: String)]
    var body: [UInt8]
    /// True when the connection ended before the framing said the body was complete.
    var truncated: Bool

    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    var text: String { String(decoding: body, as: UTF8.self) }
}

enum RawClientError: Error {
    case connect(Int32)
    case timeout
    case malformed(String)
}

/// A minimal blocking HTTP/1.1 client over a raw socket, for testing the origin byte by byte.
final class RawHTTPClient {
    let fd: Int32
    private var buffer: [UInt8] = []

    init(port: UInt16, timeoutSeconds: Int = 20) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw RawClientError.connect(errno) }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            let code = errno
            close(fd)
            throw RawClientError.connect(code)
        }
    }

    deinit { close(fd) }

    func send(_ text: String) {
        send(Array(text.utf8))
    }

    func send(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            var offset = 0
            while offset < raw.count {
                let sent = Glibc.send(fd, base + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                if sent <= 0 { return }
                offset += sent
            }
        }
    }

    /// Sends `GET`-style request with the given extra header lines.
    func request(_ method: String, _ target: String, headers: [String] = [], body: [UInt8]? = nil) {
        var text = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        for line in headers { text += line + "\r\n" }
        if let body { text += "Content-Length: \(body.count)\r\n" }
        text += "\r\n"
        send(Array(text.utf8) + (body ?? []))
    }

    /// Reads one response (including a `100 Continue`, which is returned as its own response).
    func readResponse(forHead: Bool = false) throws -> RawResponse {
        let headText = try readHead()
        var lines = headText.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst()
        let parts = statusLine.split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, parts[0] == "HTTP/1.1", let status = Int(parts[1]) else {
            throw RawClientError.malformed(statusLine)
        }
        var headers: [(name: String, value: String)] = []
        for line in lines where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else { throw RawClientError.malformed(line) }
            headers.append(
                (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
        }
        var response = RawResponse(status: status, headers: headers, body: [], truncated: false)
        if forHead || status < 200 || status == 204 || status == 304 { return response }
        if response.header("Transfer-Encoding")?.lowercased() == "chunked" {
            try readChunked(into: &response)
        } else if let length = response.header("Content-Length").flatMap({ Int($0) }) {
            response.body = try readUpTo(length)
            response.truncated = response.body.count < length
        } else {
            response.body = try readToEOF()
        }
        return response
    }

    /// Reads everything until the server closes the connection.
    func readToEOF() throws -> [UInt8] {
        while try fill() > 0 {}
        defer { buffer.removeAll() }
        return buffer
    }

    /// Reads up to `count` bytes, fewer if the server closes first.
    func readUpTo(_ count: Int) throws -> [UInt8] {
        while buffer.count < count, try fill() > 0 {}
        let taken = Array(buffer.prefix(count))
        buffer.removeFirst(taken.count)
        return taken
    }

    private func readChunked(into response: inout RawResponse) throws {
        while true {
            guard let line = try readLine() else {
                response.truncated = true
                return
            }
            guard let size = Int(line.split(separator: ";")[0], radix: 16) else { throw RawClientError.malformed(line) }
            if size == 0 {
                while let trailer = try readLine(), !trailer.isEmpty {}
                return
            }
            let data = try readUpTo(size)
            response.body += data
            let terminator = data.count < size ? nil : try readLine()
            if terminator == nil {
                response.truncated = true
                return
            }
        }
    }

    private func readLine() throws -> String? {
        while true {
            if let index = buffer.firstIndex(of: 0x0a) {
                let line = String(decoding: buffer[..<index], as: UTF8.self)
                buffer.removeFirst(index + 1)
                return line.hasSuffix("\r") ? String(line.dropLast()) : line
            }
            if try fill() == 0 { return nil }
        }
    }

    private func readHead() throws -> String {
        while true {
            if let range = findBlankLine() {
                let head = String(decoding: buffer[..<range], as: UTF8.self)
                buffer.removeFirst(range + 4)
                return head
            }
            if try fill() == 0 { throw RawClientError.malformed("EOF before head") }
        }
    }

    private func findBlankLine() -> Int? {
        guard buffer.count >= 4 else { return nil }
        for index in 0...(buffer.count - 4)
        where buffer[index] == 13 && buffer[index + 1] == 10 && buffer[index + 2] == 13 && buffer[index + 3] == 10 {
            return index
        }
        return nil
    }

    @discardableResult
    private func fill() throws -> Int {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let got = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if got < 0 {
            if errno == EAGAIN || errno == EWOULDBLOCK { throw RawClientError.timeout }
            if errno == ECONNRESET { return 0 }
            throw RawClientError.malformed("recv errno \(errno)")
        }
        buffer += chunk[0..<got]
        return got
    }
}

/// A running origin with a temporary root, stopped and cleaned up by `close()`.
final class TestOrigin {
    let server: OriginServer
    let root: String
    let uploads: String
    let port: UInt16

    init(defaultRate: Int? = nil) throws {
        let base = NSTemporaryDirectory() + "/origin-tests-" + UUID().uuidString
        root = base + "/root"
        uploads = base + "/uploads"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: uploads, withIntermediateDirectories: true)
        server = OriginServer(
            configuration: OriginConfiguration(root: root, uploadDirectory: uploads, defaultRate: defaultRate))
        port = try server.start()
    }

    deinit {
        server.stop()
        try? FileManager.default.removeItem(atPath: (root as NSString).deletingLastPathComponent)
    }

    func client() throws -> RawHTTPClient { try RawHTTPClient(port: port) }

    /// One request on a fresh connection.
    func get(_ target: String, headers: [String] = [], method: String = "GET") throws -> RawResponse {
        let client = try client()
        client.request(method, target, headers: headers)
        return try client.readResponse(forHead: method == "HEAD")
    }

    /// Writes a file of `count` generated bytes into the root and returns its bytes.
    @discardableResult
    func writeFile(_ name: String, count: Int, seed: UInt64 = 7) throws -> [UInt8] {
        let bytes = GeneratedContent.bytes(0..<Int64(count), seed: seed)
        try Data(bytes).write(to: URL(fileURLWithPath: root + "/" + name))
        return bytes
    }
}
