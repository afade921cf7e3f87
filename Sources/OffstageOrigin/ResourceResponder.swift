import Foundation

/// `GET`/`HEAD` of `/files/<name>` and `/gen/<size>`: validators, ranges, framing and faults.
extension OriginServer {
    func handleFile(_ head: RequestHead, name: String, on connection: Connection) -> Bool {
        guard let root = configuration.root, let decoded = name.removingPercentEncoding,
            let source = FileSource(root: root, name: decoded)
        else { return sendSimple(connection, head: head, status: 404, body: "not found\n") }
        return respond(head, source: source, on: connection)
    }

    func handleGenerated(_ head: RequestHead, sizeText: String, on connection: Connection) -> Bool {
        guard let size = Self.parseSize(sizeText) else {
            return sendSimple(connection, head: head, status: 404, body: "not found: bad size\n")
        }
        let options = FaultOptions(query: head.query)
        return respond(head, source: GeneratedSource(size: size, seed: options.seed), on: connection)
    }

    private func respond(_ head: RequestHead, source plain: any ContentSource, on connection: Connection) -> Bool {
        let options = FaultOptions(query: head.query)
        var source = plain
        if let gzip = options.gzip, gzip == "always" || GzipSource.accepted(by: head.header("Accept-Encoding")),
            let encoded = GzipSource(plain)
        {
            source = encoded
        }
        let isHead = head.method == "HEAD"
        let number = requestNumber(for: head.target, counting: !isHead)
        let faulty = options.countedFaultsApply(requestNumber: number)

        if options.statusApplies(requestNumber: number), let status = options.status {
            let headers = options.retryAfter.map { [("Retry-After", $0)] } ?? []
            return sendSimple(
                connection, head: head, status: status, body: "injected status \(status)\n", headers: headers)
        }

        let validators = Validators(source: source, options: options, requestNumber: number)
        let total = source.size
        var status = 200
        var range: ClosedRange<Int64>? = total > 0 ? 0...(total - 1) : nil
        var contentRange: String?
        if !isHead, let rangeHeader = head.header("Range"), validators.ifRangeMatches(head.header("If-Range")) {
            let request = RangeRequest(header: rangeHeader)
            if request != .invalid && request != .multiple {
                guard let resolved = request.resolve(total: total) else {
                    return sendSimple(
                        connection, head: head, status: 416, body: "range not satisfiable\n",
                        headers: [("Content-Range", "bytes */\(total)")])
                }
                if !(faulty && options.ignoreRange) {
                    var first = resolved.lowerBound
                    if faulty && options.badRangeStart { first = first > 0 ? 0 : min(1, resolved.upperBound) }
                    range = first...resolved.upperBound
                    status = 206
                    contentRange = "bytes \(first)-\(resolved.upperBound)/\(total)"
                }
            }
        }
        let length = range.map { $0.upperBound - $0.lowerBound + 1 } ?? 0

        var framing = BodyFraming.contentLength
        if options.noLength || (options.chunked && head.minorVersion == 0) {
            framing = .closeDelimited
        } else if options.chunked {
            framing = .chunked
        }
        var ending = BodyEnding.complete
        if faulty {
            if let drop = options.drop {
                ending = .cutAfter(drop)
            } else if let stall = options.stall {
                ending = .stallAfter(stall)
            } else if let short = options.short {
                ending = .cutAfter(max(0, length - short))
            } else if let long = options.long {
                ending = .extra(long)
            }
        }
        var plan = BodyPlan(framing: framing, ending: ending, rate: options.rate ?? configuration.defaultRate)
        if faulty { plan.trickleAfter = options.trickle }
        let keepAlive = head.wantsKeepAlive && (isHead || framing != .closeDelimited)

        var response = ResponseHead(status: status)
        response.add("Content-Type", "application/octet-stream")
        response.add("Accept-Ranges", "bytes")
        if let etag = validators.etag { response.add("ETag", etag) }
        if let modified = validators.lastModified { response.add("Last-Modified", modified) }
        if let contentRange { response.add("Content-Range", contentRange) }
        if let encoding = source.contentEncoding { response.add("Content-Encoding", encoding) }
        if let filename = options.filename {
            // Sent raw (a test's hostile name stays hostile) but as one quoted string: `"` and `\` escaped.
            let raw = filename.filter { $0 != "\r" && $0 != "\n" && $0 != "\0" }
            let quoted = raw.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            response.add("Content-Disposition", "attachment; filename=\"\(quoted)\"")
        }
        switch framing {
        case .contentLength: response.add("Content-Length", String(length))
        case .chunked: response.add("Transfer-Encoding", "chunked")
        case .closeDelimited: break
        }

        record(
            OriginRequestRecord(
                method: head.method, target: head.target, range: head.header("Range"),
                ifRange: head.header("If-Range"), status: status, headers: head.headers.map { ($0.name, $0.value) }))
        guard connection.write(response.serialized(keepAlive: keepAlive)) else { return false }
        if isHead { return keepAlive }
        let writer = BodyWriter(connection: connection, plan: plan)
        let reusable = writer.send(source, range: range) && plan.leavesConnectionReusable
        return reusable && keepAlive
    }
}

/// The ETag and Last-Modified a response carries, after `changeValidator`, `weakETag` and
/// `noValidators` are applied, and the `If-Range` check against them.
struct Validators {
    let etag: String?
    let lastModified: String?
    private let strongETag: String?

    init(source: any ContentSource, options: FaultOptions, requestNumber: Int) {
        if options.noValidators {
            etag = nil
            lastModified = nil
            strongETag = nil
            return
        }
        var tag = source.etag
        var modified = source.modified
        if options.changeValidator && requestNumber > 1 {
            tag = String(tag.dropLast()) + "-v2\""
            modified += 86_400
        }
        strongETag = options.weakETag ? nil : tag
        etag = options.weakETag ? "W/" + tag : tag
        lastModified = HTTPDate.format(seconds: modified)
    }

    /// Whether a range may be honoured: no `If-Range`, or one equal to the strong ETag or to
    /// the Last-Modified date (weak tags never match).
    func ifRangeMatches(_ ifRange: String?) -> Bool {
        guard let ifRange = ifRange?.trimmingCharacters(in: .whitespaces) else { return true }
        if ifRange.hasPrefix("W/") { return false }
        if let strongETag, ifRange == strongETag { return true }
        if let lastModified, ifRange == lastModified { return true }
        return false
    }
}
