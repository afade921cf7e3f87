import Foundation
import OffstageCore
import OffstageTestSupport
import Testing

@testable import OffstageStore

/// Texts many rows repeat are held once: equal strings read from rows share one storage.
@Suite struct SharedStringsTests {
    /// Where a string's bytes are (its storage, for a string too long to sit inline).
    private static func storage(_ text: String) -> UnsafeRawPointer? {
        var copy = text
        return copy.withUTF8 { UnsafeRawPointer($0.baseAddress) }
    }

    @Test func equalTextsShareTheFirstOnesStorage() {
        var shared = SharedStrings()
        let long = String(repeating: "com.offstage.session.", count: 3)
        var first = String(long.utf8.map { Character(Unicode.Scalar($0)) })
        var second = String(long.utf8.map { Character(Unicode.Scalar($0)) })
        var other = long + "x"
        #expect(Self.storage(first) != Self.storage(second))
        shared.share(&first)
        shared.share(&second)
        shared.share(&other)
        #expect(second == long && other == long + "x")
        #expect(Self.storage(first) == Self.storage(second))
        #expect(Self.storage(other) != Self.storage(first))
    }

    @Test func tasksReadFromTheStoreShareTheirSessionAndFolder() throws {
        try withTemporaryHome { home in
            let store = try Store.open(home: home)
            defer { store.close() }
            let now = Date(timeIntervalSince1970: 1_700_000_000)
            var changes = StoreChanges()
            changes.tasks = (1...3).map {
                TransferTask(
                    id: $0, session: "com.offstage.a-long-session-name", taskIdentifier: Int($0), kind: .download,
                    url: "http://127.0.0.1:1/\($0)", destinationDirectory: home.documentsDirectory, createdAt: now)
            }
            try store.apply(changes, now: now)
            let tasks = try store.loadTasks()
            var streamed: [TransferTask] = []
            try store.forEachTask { streamed.append($0) }
            for list in [tasks, streamed] {
                try #require(list.count == 3)
                #expect(Set(list.map { Self.storage($0.session) }).count == 1)
                #expect(Set(list.map { Self.storage($0.destinationDirectory) }).count == 1)
            }
            #expect(streamed == tasks)
        }
    }
}
