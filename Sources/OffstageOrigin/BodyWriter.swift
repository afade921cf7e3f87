import Foundation
import Glibc

/// How a response body is delimited on the wire.
enum BodyFraming {
    /// `Content-Length` announced; the connection may stay open.
    case contentLength
    /// `Transfer-Encoding: chunked`.
    case chunked
    /// No length: the body ends when the server closes the connection.
    case closeDelimited
}

/// What happens after the body bytes are sent.
enum BodyEnding: Equatable {
    /// Normal end (terminating chunk when chunked, close when close-delimited).
    case complete
    /// Stop after this many body bytes and close abruptly (`drop`, `short`).
    case cutAfter(Int64)
    /// Stop after this many body bytes and keep the socket open, sending nothing (`stall`).
    case stallAfter(Int64)
    /// Send the whole body, then this many extra bytes, then close (`long`).
    case extra(Int64)
}

/// The plan for sending one body.
struct BodyPlan {
    var framing: BodyFraming
    var ending: BodyEnding
    /// Bytes per second, `nil` for unlimited.
    var rate: Int?
    /// Longest a stalled response keeps the socket open.
    var stallLimit: TimeInterval = 600
    /// After this many body bytes, the rest trickles: one byte every `trickleInterval` (`trickle`).
    var trickleAfter: Int64?
    /// The pause between two trickled bytes (0.5 s: 2 bytes a second, under 1 kB in 30 s, over libcurl's 1 B/s).
    var trickleInterval: TimeInterval = 0.5

    /// Whether the connection can carry another request afterwards (if the client wants).
    var leavesConnectionReusable: Bool {
        ending == .complete && framing != .closeDelimited
    }
}

/// Streams a byte range of a `ContentSource` to a connection, applying framing, pacing and faults.
struct BodyWriter {
    let connection: Connection
    let plan: BodyPlan

    private static let blockSize = 256 * 1024

    /// Sends bytes `range` of `source`; returns false when the connection must be closed.
    func send(_ source: any ContentSource, range: ClosedRange<Int64>?) -> Bool {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.blockSize, alignment: 16)
        defer { buffer.deallocate() }
        let start = range?.lowerBound ?? 0
        let length = range.map { $0.upperBound - $0.lowerBound + 1 } ?? 0
        var toSend = length
        switch plan.ending {
        case .cutAfter(let count), .stallAfter(let count): toSend = min(count, length)
        case .complete, .extra: break
        }
        let pacer = Pacer(rate: plan.rate)
        let slice = pacer.sliceSize(maximum: Self.blockSize)
        var sent: Int64 = 0
        while sent < toSend {
            let trickling = plan.trickleAfter.map { sent >= $0 } ?? false
            let room = plan.trickleAfter.map { max(1, $0 - sent) } ?? Int64(slice)
            let want = trickling ? 1 : Int(min(Int64(slice), toSend - sent, room))
            let got = source.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<want]), at: start + sent)
            guard got > 0 else { return false }
            guard writeChunk(UnsafeRawBufferPointer(rebasing: buffer[0..<got])) else { return false }
            sent += Int64(got)
            if trickling {
                usleep(useconds_t(plan.trickleInterval * 1_000_000))
            } else {
                pacer.pace(sent: sent)
            }
        }
        switch plan.ending {
        case .complete:
            if plan.framing == .chunked { return connection.write("0\r\n\r\n") }
            return plan.framing == .contentLength
        case .cutAfter:
            return false
        case .stallAfter:
            connection.waitForPeerClose(deadline: Date().addingTimeInterval(plan.stallLimit))
            return false
        case .extra(let count):
            let filler = [UInt8](repeating: 0x58, count: Int(min(count, Int64(Self.blockSize))))
            var remaining = count
            while remaining > 0 {
                let take = Int(min(remaining, Int64(filler.count)))
                guard filler.withUnsafeBytes({ writeChunk(UnsafeRawBufferPointer(rebasing: $0[0..<take])) }) else {
                    return false
                }
                remaining -= Int64(take)
            }
            return false
        }
    }

    private func writeChunk(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard plan.framing == .chunked else { return connection.write(bytes) }
        return connection.write(String(bytes.count, radix: 16) + "\r\n") && connection.write(bytes)
            && connection.write("\r\n")
    }
}

/// Keeps the average send rate at or below a target by sleeping between slices.
struct Pacer {
    let rate: Int?
    private let started = DispatchTime.now().uptimeNanoseconds

    init(rate: Int?) {
        self.rate = rate.flatMap { $0 > 0 ? $0 : nil }
    }

    /// Slice size giving smooth pacing: at most 16 KiB, at most 1/20 s worth of bytes.
    func sliceSize(maximum: Int) -> Int {
        guard let rate else { return maximum }
        return max(1, min(16 * 1024, rate / 20))
    }

    /// Sleeps until `sent` bytes are due at the target rate.
    func pace(sent: Int64) {
        guard let rate else { return }
        let due = UInt64(Double(sent) / Double(rate) * 1e9)
        let elapsed = DispatchTime.now().uptimeNanoseconds - started
        if due > elapsed {
            usleep(useconds_t(min((due - elapsed) / 1000, 5_000_000)))
        }
    }
}
