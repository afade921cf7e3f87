import CCurl
import Foundation
import OffstageHTTP
import OffstageTestSupport
import Testing

/// `offstage_curl_pause_receiving`, the pause a paced download takes from inside its write callback: while paused,
/// libcurl reads nothing more from the socket. (libcurl 7.88 answers a receive-only pause by reading one more whole
/// buffer anyway and keeping a copy of it, handed over inside the next unpause.)
@Suite("Pausing a download's receiving")
struct PauseReceivingTests {
    /// What the write callback saw, shared with it through `CURLOPT_WRITEDATA`.
    final class Receiver {
        /// The handle, to pause from inside the callback.
        var easy: UnsafeMutableRawPointer?
        /// Body bytes handed over so far.
        var delivered = 0
        /// Whether the callback has paused the transfer.
        var paused = false
        /// Set around the unpause: bytes handed over then were read (and held) while the transfer was paused.
        var unpausing = false
        /// Bytes handed over inside the unpause.
        var heldWhilePaused = 0
        /// Pause once this many bytes came.
        let pauseAfter: Int

        init(pauseAfter: Int) { self.pauseAfter = pauseAfter }
    }

    @Test func aPausedDownloadReadsNothingUntilItIsUnpaused() throws {
        let origin = try OriginFixture()
        defer { origin.stop() }
        _ = offstage_curl_global_init_default()
        let easy = try #require(curl_easy_init())
        defer { curl_easy_cleanup(easy) }
        let multi = try #require(curl_multi_init())
        defer { curl_multi_cleanup(multi) }
        let receiver = Receiver(pauseAfter: 1_200_000)
        receiver.easy = easy
        let context = Unmanaged.passRetained(receiver)
        defer { context.release() }
        let write: @convention(c) (UnsafeMutablePointer<CChar>?, Int, Int, UnsafeMutableRawPointer?) -> Int = {
            _, size, count, pointer in
            guard let pointer else { return 0 }
            let receiver = Unmanaged<Receiver>.fromOpaque(pointer).takeUnretainedValue()
            receiver.delivered += size * count
            if receiver.unpausing { receiver.heldWhilePaused += size * count }
            if !receiver.paused, receiver.delivered >= receiver.pauseAfter, let easy = receiver.easy {
                // The server keeps sending meanwhile, so a read in spite of the pause finds a full buffer (waiting
                // for bytes in the socket instead caught the receive-only pause in only 10 of 12 runs; this, 22 of 22).
                usleep(50_000)
                receiver.paused = offstage_curl_pause_receiving(easy) == CURLE_OK
            }
            return size * count
        }
        #expect(offstage_curl_setopt_string(easy, CURLOPT_URL, origin.url("/gen/16m?seed=3")) == CURLE_OK)
        #expect(offstage_curl_setopt_long(easy, CURLOPT_BUFFERSIZE, 512 << 10) == CURLE_OK)
        #expect(offstage_curl_setopt_write(easy, write) == CURLE_OK)
        #expect(offstage_curl_setopt_pointer(easy, CURLOPT_WRITEDATA, context.toOpaque()) == CURLE_OK)
        #expect(curl_multi_add_handle(multi, easy) == CURLM_OK)
        defer { curl_multi_remove_handle(multi, easy) }

        // Drive the transfer until it pauses itself, then for another 300 ms with the server's bytes waiting.
        var running: Int32 = 1
        let deadline = Date().addingTimeInterval(10)
        while !receiver.paused, running > 0, Date() < deadline {
            curl_multi_perform(multi, &running)
            curl_multi_poll(multi, nil, 0, 20, nil)
        }
        try #require(receiver.paused, "the download never paused")
        let quiet = Date().addingTimeInterval(0.3)
        while Date() < quiet {
            curl_multi_perform(multi, &running)
            curl_multi_poll(multi, nil, 0, 20, nil)
        }
        receiver.unpausing = true
        #expect(offstage_curl_unpause(easy) == CURLE_OK)
        receiver.unpausing = false
        #expect(receiver.heldWhilePaused == 0, "libcurl read \(receiver.heldWhilePaused) bytes while paused")
        #expect(receiver.delivered < 16 << 20)
    }
}
