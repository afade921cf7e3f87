import Foundation

/// Reading requests from a connection and dispatching them to the routes.
extension OriginServer {
    /// Serves requests on `connection` until either side closes it or the server stops.
    func serve(_ connection: Connection) {
        while !isStopped {
            let head: RequestHead
            do {
                guard let bytes = try connection.readHead() else { return }
                head = try RequestHead(parsing: bytes)
            } catch OriginError.malformed(let reason) {
                record(OriginRequestRecord(method: "", target: "", range: nil, ifRange: nil, status: 400))
                _ = sendSimple(connection, head: nil, status: 400, body: "bad request: \(reason)\n", keepAlive: false)
                return
            } catch {
                return
            }
            guard handle(head, on: connection) else { return }
        }
    }

    /// Answers one request; returns whether the connection may carry another.
    private func handle(_ head: RequestHead, on connection: Connection) -> Bool {
        let path = head.path
        if path == "/upload" || path.hasPrefix("/upload/") {
            return handleUpload(head, on: connection)
        }
        guard drainBody(of: head, on: connection) else { return false }
        guard head.method == "GET" || head.method == "HEAD" else {
            let allowed = [("Allow", "GET, HEAD")]
            return sendSimple(connection, head: head, status: 405, body: "method not allowed\n", headers: allowed)
        }
        if path.hasPrefix("/files/") {
            return handleFile(head, name: String(path.dropFirst("/files/".count)), on: connection)
        }
        if path.hasPrefix("/gen/") {
            return handleGenerated(head, sizeText: String(path.dropFirst("/gen/".count)), on: connection)
        }
        if let location = redirectLocation(for: head) {
            return sendSimple(
                connection, head: head, status: 302, body: "see \(location)\n", headers: [("Location", location)])
        }
        if path == "/redirect-to" {
            return sendSimple(connection, head: head, status: 400, body: "missing url parameter\n")
        }
        return sendSimple(connection, head: head, status: 404, body: "not found\n")
    }

    /// Reads and discards a request body on routes that do not use one.
    private func drainBody(of head: RequestHead, on connection: Connection) -> Bool {
        do {
            switch try head.bodyFraming {
            case .none: break
            case .length(let count): try connection.readBody(count: count) { _ in }
            case .chunked: try connection.readChunkedBody { _ in }
            }
            return true
        } catch OriginError.malformed(let reason) {
            _ = sendSimple(connection, head: head, status: 400, body: "bad request: \(reason)\n", keepAlive: false)
            return false
        } catch {
            return false
        }
    }

    /// Records and sends a short `text/plain` response (body omitted for HEAD).
    /// Returns whether the connection may be reused.
    func sendSimple(
        _ connection: Connection,
        head: RequestHead?,
        status: Int,
        body: String,
        headers: [(String, String)] = [],
        contentType: String = "text/plain; charset=utf-8",
        keepAlive: Bool = true
    ) -> Bool {
        if let head {
            record(
                OriginRequestRecord(
                    method: head.method, target: head.target, range: head.header("Range"),
                    ifRange: head.header("If-Range"), status: status,
                    headers: head.headers.map { ($0.name, $0.value) }))
        }
        let reuse = keepAlive && (head?.wantsKeepAlive ?? false)
        var response = ResponseHead(status: status)
        for (name, value) in headers { response.add(name, value) }
        let bodyBytes = Array(body.utf8)
        response.add("Content-Type", contentType)
        response.add("Content-Length", String(bodyBytes.count))
        var bytes = response.serialized(keepAlive: reuse)
        if head?.method != "HEAD" { bytes += bodyBytes }
        return connection.write(bytes) && reuse
    }
}
