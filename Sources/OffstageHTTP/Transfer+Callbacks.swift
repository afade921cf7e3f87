import CCurl
import Foundation
import Glibc
import OffstageCore

// libcurl's C callbacks. `userdata` is the unretained `Transfer`, kept alive by the engine's
// table of active transfers for as long as its handle is in the multi handle. They run inside
// `curl_multi_socket_action`, on the engine thread.

/// `CURLOPT_WRITEFUNCTION`: body bytes.
func transferWriteCallback(
    _ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ user: UnsafeMutableRawPointer?
) -> Int {
    guard let data, let user else { return 0 }
    return Unmanaged<Transfer>.fromOpaque(user).takeUnretainedValue().receive(UnsafeRawPointer(data), size * count)
}

/// `CURLOPT_HEADERFUNCTION`: one header line at a time.
func transferHeaderCallback(
    _ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ user: UnsafeMutableRawPointer?
) -> Int {
    guard let data, let user else { return 0 }
    let bytes = UnsafeRawBufferPointer(start: data, count: size * count)
    return Unmanaged<Transfer>.fromOpaque(user).takeUnretainedValue().headerLine(bytes) ? size * count : 0
}

/// `CURLOPT_READFUNCTION`: upload bytes, straight from the file with `pread`.
func transferReadCallback(
    _ buffer: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ user: UnsafeMutableRawPointer?
) -> Int {
    guard let buffer, let user else { return offstage_curl_read_abort() }
    return Unmanaged<Transfer>.fromOpaque(user).takeUnretainedValue().send(
        UnsafeMutableRawPointer(buffer), size * count)
}

/// `CURLOPT_DEBUGFUNCTION`: ignores everything but the info line "Excess found…"; prints nothing.
func transferDebugCallback(
    _ handle: UnsafeMutableRawPointer?, _ type: curl_infotype, _ data: UnsafeMutablePointer<CChar>?, _ size: Int,
    _ user: UnsafeMutableRawPointer?
) -> Int32 {
    guard type == CURLINFO_TEXT, size >= 12, let data, let user else { return 0 }
    if strncmp(data, "Excess found", 12) == 0 {
        Unmanaged<Transfer>.fromOpaque(user).takeUnretainedValue().excessFound = true
    }
    return 0
}

extension Transfer {
    /// Body bytes: downloads hand them to the part writer; uploads keep a 4 KiB summary.
    /// Returns `count`, or a short count to abort.
    func receive(_ data: UnsafeRawPointer, _ count: Int) -> Int {
        guard isDownload else {
            let room = Self.summaryCap - responseBody.count
            if room > 0 {
                responseBody.append(contentsOf: UnsafeRawBufferPointer(start: data, count: min(room, count)))
            }
            return count
        }
        guard accepted, failure == nil, let writer else { return 0 }
        let now = MonotonicClock.now()
        // Refused (libcurl keeps it and hands it back later) while in debt; once the socket's reading is paused, the
        // rest of the read is taken while the debt stays within a quarter of a second's worth.
        let mayRefuse = !receivingPaused || pacer?.isFarBehind(now: now) == true
        if mayRefuse, paced(now: now) { return offstage_curl_write_pause() }
        do {
            try writer.append(data, count)
        } catch {
            failure = localFailure(error, doing: "write")
            return 0
        }
        if pacer != nil {
            pacer?.spend(count, now: now)
            // Past its debt now: stop reading the socket until it is paid (`paced` moves `resumeAt` to when the whole
            // debt is). The rest of the read libcurl is handing over is taken, so it holds nothing back to copy and
            // hand over again in 16 KiB pieces, as refusing a chunk made it do.
            if paced(now: now), !receivingPaused, let easy {
                receivingPaused = offstage_curl_pause_receiving(easy) == CURLE_OK
            }
        }
        // Checkpoints by time, progress and stalls are the engine's tick; only the bytes limit is looked at here.
        if position - durable >= configuration.checkpointBytes {
            guard checkpoint(now: now) else { return 0 }
        }
        return count
    }

    /// Upload bytes for libcurl's buffer, read with `pread` at the running offset.
    func send(_ buffer: UnsafeMutableRawPointer, _ capacity: Int) -> Int {
        if paced(now: MonotonicClock.now()) { return offstage_curl_read_pause() }
        while true {
            let got = pread(fd, buffer, capacity, off_t(sent))
            if got < 0 {
                let code = errno
                if code == EINTR { continue }
                failure = .file("cannot read \(path): \(errorText(code))")
                return offstage_curl_read_abort()
            }
            sent += Int64(got)
            pacer?.spend(got, now: MonotonicClock.now())
            return got
        }
    }

    /// One header line. Collects each block, skips 1xx blocks, judges the final head at its empty
    /// line. Returns false to abort the transfer before any body byte.
    func headerLine(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard !accepted, rejection == nil else { return true }  // trailers after the body
        if bytes.contains(0) {
            // RFC 9110 section 5.5: NUL is never valid in a field; the whole message is unusable.
            rejection = .malformed(reason: "NUL byte in a response header")
            return false
        }
        headBytes += bytes.count
        if headBytes > Self.headLimit {
            failure = .headTooLarge("response head too large: over \(Self.headLimit >> 10) KiB in all")
            return false
        }
        let line = HeaderBlock.trimmed(HeaderText.decode(bytes))
        if let started = HeaderBlock(statusLine: line) {
            block = started
            return true
        }
        guard !line.isEmpty else {
            guard let finished = block else { return true }
            block = nil
            if finished.isInformational { return true }
            return judge(finished.head)
        }
        block?.append(line: line)
        return true
    }

    /// Decides on the final head: reports `.responseAccepted`, or remembers the verdict and aborts.
    private func judge(_ head: ResponseHead) -> Bool {
        status = head.status
        let offset = isDownload ? request.offset : 0
        let verdict = ResponseVerdict.judge(
            head, offset: offset, validator: isDownload ? request.validator : nil, now: Date())
        guard isDownload else {
            // Uploads: any 2xx is accepted (reported when the head arrives); anything else is the judge's verdict.
            guard (200..<300).contains(head.status) else {
                rejection = verdict
                return false
            }
            accepted = true
            report(
                .responseAccepted(
                    taskID: request.taskID, offset: 0, expectedTotal: expectedTotal, validator: nil, suggestedName: nil,
                    status: head.status))
            return true
        }
        var total: Int64
        var validator: String?
        switch verdict {
        case .accept(let length, let served):
            (total, validator) = (length, served)
        case .restartWithBody(let length, let served, let reason):
            // The whole file came back: empty the partial file and write this body from byte 0 (never append a
            // 200 body to what was there), in this one request.
            writer?.discard(after: 0)
            startOffset = 0
            (total, validator) = (length, served)
            report(.restartedFromZero(taskID: request.taskID, reason: reason))
        default:
            rejection = verdict
            return false
        }
        let encoding = head.value("content-encoding").flatMap { $0.lowercased() == "identity" ? nil : $0 }
        if decodes, encoding != nil {
            // libcurl writes the decoded bytes: their length is unknown until the end, and a range of the encoded
            // bytes could never continue them, so no validator is kept.
            (total, validator) = (-1, nil)
        }
        accepted = true
        expectedTotal = total
        if total > 0 { writer?.reserve(through: total) }
        report(
            .responseAccepted(
                taskID: request.taskID, offset: startOffset, expectedTotal: total, validator: validator,
                suggestedName: head.dispositionFileName, status: head.status, contentEncoding: encoding))
        return true
    }
}
