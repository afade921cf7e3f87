import Foundation
import OffstageCore
import OffstageHTTP
import OffstageOrigin
import OffstageRuntime
import OffstageStore
import OffstageTestSupport
import Testing

/// Credentials live in the runtime's memory only: never in the store, its log or file names.
@Suite struct CredentialTests {
    static let secret = "s3cr3t-Pa55"

    @Test func credentialsNeverReachTheStoreOrThePartsFolder() throws {
        let harness = try RuntimeHarness()
        let size = 2 * mebibyte
        // A redirect and a dropped connection put the URL into redirect, retry and resume events.
        let path = "/redirect/1/gen/2m?seed=81&drop=500000"
        let id = try harness.download(path, name: "private.bin")
        let withSecret = harness.origin.url(path).replacingOccurrences(
            of: "http://", with: "http://alice:\(Self.secret)@")
        let credentials = try #require(OriginCredentials(url: withSecret))

        #expect(try harness.run { $0.credentials[id] = credentials } == .idle)

        let task = try harness.task(id)
        #expect(task.state == .completed)
        #expect(RuntimeHarness.digest(task.deliveredPath) == RuntimeHarness.expected(size: size, seed: 81))
        #expect(try harness.eventKinds(id).contains(.redirected))

        let tasks = try harness.store.loadTasks()
        for stored in tasks {
            #expect(!"\(stored)".contains(Self.secret))
        }
        for (_, entry) in try harness.store.events(after: 0, limit: 100_000) {
            #expect(!entry.subject.contains(Self.secret) && !entry.reason.contains(Self.secret))
        }
        // The raw database bytes (and a WAL, if one is left) hold no trace of the password.
        try harness.reopenStore()
        for file in [harness.home.databasePath, harness.home.databasePath + "-wal"] {
            guard let bytes = FileManager.default.contents(atPath: file) else { continue }
            #expect(bytes.range(of: Data(Self.secret.utf8)) == nil, "\(file) contains the password")
            #expect(bytes.range(of: Data("alice:".utf8)) == nil, "\(file) contains the user information")
        }
        for folder in [harness.home.partsDirectory, harness.home.documentsDirectory, harness.home.path] {
            #expect(!RuntimeHarness.names(in: folder).contains { $0.contains(Self.secret) })
        }
        #expect("\(credentials)".contains(Self.secret) == false)
    }
}
