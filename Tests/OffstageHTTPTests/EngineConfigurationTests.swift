import OffstageCore
import OffstageTestSupport
import Testing

@testable import OffstageHTTP

/// The engine's cadences as pure rules: when a checkpoint by time is due, and how big a request's receive buffer is.
struct EngineConfigurationTests {
    @Test(arguments: [
        (2.0, Int64(1 << 20), true), (1.9, Int64(64 << 20), false), (2.0, Int64(512 << 10), false),
        (29.9, Int64(1), false), (30.0, Int64(1), true), (600.0, Int64(0), false),
    ])
    func aCheckpointByTimeWaitsForAMebibyteOrThirtySeconds(
        elapsed: Double, unsynced: Int64, due: Bool
    ) {
        let configuration = EngineConfiguration(partsDirectory: "/p")
        #expect(configuration.checkpointDue(elapsed: elapsed, unsynced: unsynced) == due)
    }

    @Test func anIntervalWithNoMinimumCheckpointsEveryIntervalWhateverArrived() {
        var configuration = EngineConfiguration(partsDirectory: "/p", checkpointInterval: 0.2)
        configuration.checkpointMinimumBytes = 0
        #expect(configuration.checkpointDue(elapsed: 0.2, unsynced: 1))
        #expect(!configuration.checkpointDue(elapsed: 0.1, unsynced: 1 << 30))
        #expect(!configuration.checkpointDue(elapsed: 5, unsynced: 0))
    }

    @Test func theReceiveBufferIsLargeForAFewTransfersAndLibcurlsOwnForMany() {
        let configuration = EngineConfiguration(partsDirectory: "/p")
        #expect(configuration.receiveBufferSize(concurrent: 0) == 512 << 10)
        #expect(configuration.receiveBufferSize(concurrent: 7) == 512 << 10)
        #expect(configuration.receiveBufferSize(concurrent: 8) == 16 << 10)
        #expect(configuration.receiveBufferSize(concurrent: 999) == 16 << 10)
    }

    /// The handle starts with the buffer its concurrency gives it, a limit making it smaller still (a limit's own size
    /// once replaced it with the configured 512 KiB: a thousand downloads held half a gigabyte of buffers).
    @Test func aRequestStartsWithTheBufferItsConcurrencyGivesIt() throws {
        try withScratchFolder { parts in
            let configuration = EngineConfiguration(partsDirectory: parts)
            func startBuffer(_ id: Int64, concurrent: Int, limit: Int64? = nil) -> Int {
                var request = download("http://127.0.0.1:9/f", id: id)
                request.rateLimit = limit
                let prepared = Transfer.prepare(
                    request, credentials: nil, configuration: configuration, concurrent: concurrent, report: { _ in })
                guard case .success(let transfer) = prepared else {
                    Issue.record("request \(id) did not start")
                    return 0
                }
                defer { transfer.close() }
                return transfer.startBuffer
            }
            #expect(startBuffer(1, concurrent: 0) == 512 << 10)
            #expect(startBuffer(2, concurrent: 8) == 16 << 10)
            #expect(startBuffer(3, concurrent: 999, limit: 1 << 30) == 16 << 10)
            #expect(startBuffer(4, concurrent: 999, limit: 40_000) == 5_000)
            #expect(startBuffer(5, concurrent: 0, limit: 40_000) == 5_000)
        }
    }
}
