import Foundation
import Glibc
import Synchronization

/// `POST`/`PUT /upload[/<name>]`: stores the body (read at `?rate=` when given) and answers 201 with its length and
/// SHA-256.
extension OriginServer {
    func handleUpload(_ head: RequestHead, on connection: Connection) -> Bool {
        guard head.method == "POST" || head.method == "PUT" else {
            return sendSimple(
                connection, head: head, status: 405, body: "use POST or PUT\n", headers: [("Allow", "POST, PUT")],
                keepAlive: false)
        }
        let framing: RequestBodyFraming
        do {
            framing = try head.bodyFraming
        } catch {
            return sendSimple(connection, head: head, status: 400, body: "bad body framing\n", keepAlive: false)
        }
        if framing == .none {
            return sendSimple(connection, head: head, status: 411, body: "length required\n", keepAlive: false)
        }
        guard let name = uploadName(for: head), let directory = uploadDirectory else {
            return sendSimple(connection, head: head, status: 400, body: "bad upload name\n", keepAlive: false)
        }
        if head.minorVersion >= 1, let expect = head.header("Expect"), expect.lowercased().contains("100-continue") {
            guard connection.write("HTTP/1.1 100 Continue\r\n\r\n") else { return false }
        }
        let path = directory + "/" + name
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o600)
        var hasher = SHA256()
        var writeFailed = fd < 0
        var total: Int64 = 0
        // `?rate=` (or the origin's default rate) paces how fast the body is read, so an upload can be slow too.
        let pacer = Pacer(rate: FaultOptions(query: head.query).rate ?? configuration.defaultRate)
        let sink = { (bytes: UnsafeRawBufferPointer) in
            hasher.update(bytes)
            total += Int64(bytes.count)
            if !writeFailed { writeFailed = !Self.writeAll(fd, bytes) }
            pacer.pace(sent: total)
        }
        do {
            switch framing {
            case .length(let count): try connection.readBody(count: count, into: sink)
            case .chunked: try connection.readChunkedBody(into: sink)
            case .none: break
            }
        } catch {
            if fd >= 0 {
                close(fd)
                unlink(path)
            }
            if case OriginError.malformed(let reason) = error {
                return sendSimple(connection, head: head, status: 400, body: "bad body: \(reason)\n", keepAlive: false)
            }
            return false
        }
        if fd >= 0 { close(fd) }
        if writeFailed {
            return sendSimple(connection, head: head, status: 500, body: "could not store upload\n")
        }
        let digest = SHA256.hex(of: hasher.finalize())
        let json = "{\"bytes\":\(total),\"sha256\":\"\(digest)\",\"name\":\"\(Self.jsonEscaped(name))\"}"
        return sendSimple(
            connection, head: head, status: 201, body: json, headers: [("Location", "/upload/\(name)")],
            contentType: "application/json")
    }

    /// The stored file name: the decoded last path segment if safe, otherwise a generated one.
    private func uploadName(for head: RequestHead) -> String? {
        let path = head.path
        guard path.hasPrefix("/upload/") else {
            let number = state.withLock { state -> Int in
                state.uploadCounter += 1
                return state.uploadCounter
            }
            return "upload-\(number).bin"
        }
        guard let name = String(path.dropFirst("/upload/".count)).removingPercentEncoding,
            !name.isEmpty, name != ".", name != "..", name.utf8.count <= 255,
            !name.contains("/"), !name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7f })
        else { return nil }
        return name
    }

    private static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
        guard var pointer = bytes.baseAddress else { return true }
        var remaining = bytes.count
        while remaining > 0 {
            let written = write(fd, pointer, remaining)
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            pointer += written
            remaining -= written
        }
        return true
    }

    private static func jsonEscaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            default:
                if scalar.value < 0x20 {
                    out += String(format: "\\u%04x", scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
