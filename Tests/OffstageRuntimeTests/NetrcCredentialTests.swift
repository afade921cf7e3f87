import Foundation
import OffstageCore
import OffstageHTTP
import OffstageRuntime
import OffstageStore
import OffstageTestSupport
import Testing

/// `.netrc` credentials are bound to the origin of the task's URL, like credentials given in a URL.
@Suite struct NetrcCredentialTests {
    /// Writes a netrc for 127.0.0.1 into the harness's temporary folder.
    private func netrc(_ harness: RuntimeHarness) throws -> String {
        let path = harness.home.path + "/test.netrc"
        try "machine 127.0.0.1 login alice password p@ss\n".write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func netrcCredentialsAreNotSentAfterARedirectToAnotherPortOfTheHost() throws {
        let target = try HeaderCaptureServer()
        let first = try HeaderCaptureServer(redirect: "http://127.0.0.1:\(target.port)/file")
        defer {
            first.stop()
            target.stop()
        }
        let harness = try RuntimeHarness()
        let file = try netrc(harness)
        let spec = TransferSpec(kind: .download, url: "http://127.0.0.1:\(first.port)/file")
        let id = try harness.store.enqueueAdd(spec, now: Date()).task
        #expect(try harness.run { $0.configureEngine = { $0.netrcFile = file } } == .idle)
        #expect(try harness.task(id).state == .completed)
        let authorization = "Authorization: Basic " + Data("alice:p@ss".utf8).base64EncodedString()
        #expect(first.received.count == 1 && first.received.first?.contains(authorization) == true)
        #expect(target.received.count == 1)
        #expect(target.received.first?.contains("Authorization") == false)
    }

    @Test func netrcCredentialsGoToTheTasksOwnOrigin() throws {
        let server = try HeaderCaptureServer()
        defer { server.stop() }
        let harness = try RuntimeHarness()
        let file = try netrc(harness)
        let spec = TransferSpec(kind: .download, url: "http://127.0.0.1:\(server.port)/file")
        let id = try harness.store.enqueueAdd(spec, now: Date()).task
        #expect(try harness.run { $0.configureEngine = { $0.netrcFile = file } } == .idle)
        #expect(try harness.task(id).state == .completed)
        let authorization = "Authorization: Basic " + Data("alice:p@ss".utf8).base64EncodedString()
        #expect(server.received.first?.contains(authorization) == true)
    }

    @Test func urlCredentialsAreNotSentAfterARedirectToAnotherPort() throws {
        let target = try HeaderCaptureServer()
        let first = try HeaderCaptureServer(redirect: "http://127.0.0.1:\(target.port)/file")
        defer {
            first.stop()
            target.stop()
        }
        let harness = try RuntimeHarness()
        let url = "http://bob:p%40ss@127.0.0.1:\(first.port)/file"
        let spec = TransferSpec(kind: .download, url: URLCredentials.stripped(url))
        let id = try harness.store.enqueueAdd(spec, now: Date()).task
        let credentials = try #require(OriginCredentials(url: url))
        #expect(try harness.run { $0.credentials[id] = credentials } == .idle)
        let authorization = "Authorization: Basic " + Data("bob:p@ss".utf8).base64EncodedString()
        #expect(first.received.first?.contains(authorization) == true)
        #expect(target.received.first?.contains("Authorization") == false)
    }
}
