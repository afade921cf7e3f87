import CCurl
import Foundation
import Glibc
import OffstageCore

extension Transfer {
    /// Ends the request. Downloads first sync what was written and report the final
    /// `.checkpointed` (skipped when nothing new was written). `result` is nil when it was stopped.
    func finish(result: CURLcode?) -> TransferEnd {
        if isDownload, excessFound { discardResponse() }
        if isDownload { checkpoint(now: MonotonicClock.now()) }
        guard let result else { return .stopped }
        return outcome(result)
    }

    /// Maps what the callbacks saw and libcurl's result to how the request ended.
    private func outcome(_ code: CURLcode) -> TransferEnd {
        if let rejection { return .rejected(rejection) }
        switch failure {
        case .diskFull: return .diskFull(bytes: durable)
        case .file(let reason): return .permanentFailure(reason: scrub(reason))
        case .headTooLarge(let reason): return .permanentFailure(reason: reason)
        case .stalled(let reason): return .interrupted(reason: reason, stalled: true)
        case nil: break
        }
        return code == CURLE_OK ? completion() : curlFailure(code)
    }

    /// A body that ran past its Content-Length cannot be trusted, not even its first bytes: its framing
    /// is wrong. Cut the part file back to where this response began, and say so with a checkpoint.
    private func discardResponse() {
        guard let writer, fd >= 0, writer.position > startOffset else { return }
        let before = writer.durable
        writer.discard(after: startOffset)
        if before > writer.durable { report(.checkpointed(taskID: request.taskID, offset: writer.durable)) }
    }

    /// libcurl finished: checks the length before calling it complete.
    private func completion() -> TransferEnd {
        guard accepted else {
            if let block, !block.isInformational {
                // libcurl read a whole response, but its head never ended in an empty line we could see (a NUL
                // or other junk line libcurl took for the end): the same bytes would come again.
                return .permanentFailure(reason: "malformed response: its head (HTTP \(block.status)) never ended")
            }
            return .interrupted(reason: "the response ended before its head", stalled: false)
        }
        guard isDownload else {
            let summary = responseBody.isEmpty ? nil : String(decoding: responseBody, as: UTF8.self)
            return .completed(bytes: sent, status: status, responseSummary: summary)
        }
        if excessFound { return .interrupted(reason: "server sent more bytes than its Content-Length", stalled: false) }
        if expectedTotal >= 0, position != expectedTotal {
            return .interrupted(
                reason: "body ended at \(ByteText.part(position, of: expectedTotal))", stalled: false)
        }
        return .completed(bytes: position, status: status, responseSummary: nil)
    }

    /// The connection to watch for bytes past the body, when libcurl finished a download of known
    /// length without noticing any: libcurl stops reading at Content-Length and says "Excess found"
    /// only when the excess arrived in the same read. Call before removing the handle.
    func settleSocket() -> Int32? {
        guard isDownload, accepted, !excessFound, failure == nil, expectedTotal >= 0, position == expectedTotal,
            let easy
        else { return nil }
        var socket: curl_socket_t = -1
        guard offstage_curl_getinfo_socket(easy, &socket) == CURLE_OK, socket >= 0 else { return nil }
        return socket
    }

    /// Peeks (without consuming or waiting) at a readable connection: data means the body ran long;
    /// end of file or an error means the server simply closed.
    func noteTrailingBytes(on socket: Int32) {
        var byte: UInt8 = 0
        guard recv(socket, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) == 1 else { return }
        excessFound = true
        // libcurl would reuse this connection and read the excess as the next response ("HTTP/0.9").
        // Discard what is pending and shut the socket, so its liveness check sees the end and drops it.
        var sink = [UInt8](repeating: 0, count: 64 << 10)
        while sink.withUnsafeMutableBytes({ recv(socket, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }) > 0 {}
        shutdown(socket, Int32(SHUT_RDWR))
    }

    /// libcurl failed: a stall, a cut connection, a network error (retryable) or a permanent problem.
    private func curlFailure(_ code: CURLcode) -> TransferEnd {
        let text = message(code)
        switch code {
        case CURLE_OPERATION_TIMEDOUT where text.contains("too slow"):
            return .interrupted(reason: "stalled: no data for \(idleSeconds) s", stalled: true)
        case CURLE_UNSUPPORTED_PROTOCOL where text.contains("HTTP/0.9"):
            // A garbage status line from the server, not a URL we cannot handle: worth another attempt.
            return .interrupted(reason: "the server's response was not HTTP", stalled: false)
        case CURLE_OUT_OF_MEMORY where !accepted && rejection == nil:
            // libcurl says "Out of memory" when it refuses to grow its buffer for one header line past 100 KiB.
            return .permanentFailure(reason: "response head too large: a header line is over 100 KiB (libcurl's limit)")
        case _ where text.hasPrefix("Too large response headers"):
            return .permanentFailure(reason: "response head too large: over libcurl's limit (\(text))")
        case CURLE_WEIRD_SERVER_REPLY:
            // libcurl refused the response's syntax (a NUL in a header, a broken status line or field): the server
            // will send the same bytes again, so this is permanent, like a malformed head we judge ourselves.
            return .permanentFailure(reason: "malformed response: \(text)")
        case CURLE_PARTIAL_FILE:
            let part =
                expectedTotal >= 0
                ? ByteText.part(position, of: expectedTotal) : ByteText.size(position) + " of an unknown length"
            return .interrupted(reason: "connection closed after \(part)", stalled: false)
        case CURLE_UNSUPPORTED_PROTOCOL, CURLE_URL_MALFORMAT, CURLE_NOT_BUILT_IN, CURLE_BAD_FUNCTION_ARGUMENT,
            CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CACERT_BADFILE, CURLE_SSL_CERTPROBLEM, CURLE_SSL_ISSUER_ERROR,
            CURLE_SSL_PINNEDPUBKEYNOTMATCH, CURLE_SSL_CRL_BADFILE, CURLE_WRITE_ERROR, CURLE_READ_ERROR,
            CURLE_ABORTED_BY_CALLBACK, CURLE_OUT_OF_MEMORY, CURLE_FILESIZE_EXCEEDED:
            return .permanentFailure(reason: text)
        default:
            return .interrupted(reason: text, stalled: false)
        }
    }

    /// libcurl's error text (the error buffer, else the code's description) plus the OS error, scrubbed.
    private func message(_ code: CURLcode) -> String {
        var text = String(cString: errorBuffer)
        if text.isEmpty { text = String(cString: curl_easy_strerror(code)) }
        var osError = 0
        if let easy, offstage_curl_getinfo_long(easy, CURLINFO_OS_ERRNO, &osError) == CURLE_OK, osError != 0 {
            let os = errorText(Int32(truncatingIfNeeded: osError))
            if !text.localizedCaseInsensitiveContains(os) { text += " (\(os.lowercased()))" }
        }
        return scrub(text)
    }
}
