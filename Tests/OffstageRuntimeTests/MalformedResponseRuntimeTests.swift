import Foundation
import OffstageCore
import OffstageRuntime
import OffstageStore
import OffstageTestSupport
import Testing

/// A malformed response fails its task at once: it is never delivered and never retried as if transient.
@Suite struct MalformedResponseRuntimeTests {
    @Test(arguments: [
        "HTTP/1.1 200 OK\r\nX-Bad: a\u{0}b\r\nContent-Length: 5\r\nConnection: close\r\n\r\nhello",
        "HTTP/1.1 200 OK\r\n\u{0}\r\nContent-Length: 5\r\nConnection: close\r\n\r\nhello",
        "HTTP/1.1 200 OK\r\nContent-Length: 5\r\nContent-Length: 10\r\nConnection: close\r\n\r\nhello",
        "HTTP/1.1 200 OK\r\nContent-Length: 99999999999999999999999\r\nConnection: close\r\n\r\nshort",
        "HTTP/1.1 503 Busy\r\nContent-Length: 1e3\r\nRetry-After: 1\r\nConnection: close\r\n\r\n",
    ])
    func aMalformedResponseFailsOnceAndIsNeverDelivered(reply: String) throws {
        let server = try CannedResponseServer(reply: Array(reply.utf8))
        defer { server.stop() }
        let harness = try RuntimeHarness()
        let spec = TransferSpec(kind: .download, url: server.url())
        let id = try harness.store.enqueueAdd(spec, now: Date()).task

        #expect(try harness.run() == .idle)

        let task = try harness.task(id)
        #expect(task.state == .failed)
        #expect(task.error?.contains("malformed response") == true, "error: \(task.error ?? "none")")
        #expect(task.deliveredPath == nil)
        #expect(server.requests == 1)
        #expect(try !harness.eventKinds(id).contains(.retryScheduled))
    }
}
