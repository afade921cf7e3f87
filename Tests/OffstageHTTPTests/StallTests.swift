import Foundation
import OffstageCore
import OffstageHTTP
import OffstageOrigin
import OffstageTestSupport
import Testing

/// A request that receives under its `stallBytes` in its `stallWindow` of real time is reported stalled, and ended
/// as interrupted (to be reconnected) once that has lasted its timeout. A trickle of a byte every half second used
/// to keep a transfer "running" for ever: libcurl's low-speed check (1 byte a second) never fired.
@Suite("CurlEngine stalls")
struct StallTests {
    /// A download of `path` with a short stall window and timeout.
    func trickling(_ url: String, window: Double, timeout: Double) -> TransferRequest {
        TransferRequest(
            taskID: 1, kind: .download, url: url, method: "GET", offset: 0, validator: nil, uploadPath: nil,
            idleTimeout: timeout, stallWindow: window, stallBytes: 1000)
    }

    @Test func aTrickleIsStalledThenEndedAtItsTimeout() throws {
        let origin = try OriginFixture()
        defer { origin.stop() }
        let harness = try EngineHarness()
        let reports = try harness.run(trickling(origin.url("/gen/1m?seed=3&trickle=5000"), window: 1, timeout: 2))
        let stalls = reports.compactMap { if case .stalled(_, let seconds) = $0 { seconds } else { nil } }
        #expect(stalls.count == 1 && (stalls.first ?? 0) >= 1, "\(reports)")
        #expect(reports.end == .interrupted(reason: "stalled: under 1 kB in 2 s", stalled: true))
        // The bytes that came are kept for the resume: the 5000 fast ones and a few trickled ones.
        let kept = try #require(reports.checkpoints.last)
        #expect(kept > 5000 && kept < 5000 + 1000, "\(kept)")
        #expect(reports.checkpointPrecedesEnd)
        #expect(harness.partSize(1) == kept)
    }

    @Test func aSlowButSteadyTransferIsNeverStalled() throws {
        let origin = try OriginFixture()
        defer { origin.stop() }
        let harness = try EngineHarness()
        let reports = try harness.run(trickling(origin.url("/gen/6000?seed=4&rate=3000"), window: 1, timeout: 2))
        #expect(reports.end == .completed(bytes: 6000, status: 200, responseSummary: nil))
        #expect(!reports.contains { if case .stalled = $0 { true } else { false } }, "\(reports)")
    }
}
