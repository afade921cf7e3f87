import Foundation
import OffstageCore
import Testing

@Suite struct BackgroundSessionRegistryTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let configuration = SessionConfiguration(identifier: "com.example.bg")

    @Test func aLiveIdentifierReturnsTheExistingSessionWithAppleWarning() throws {
        var registry = BackgroundSessionRegistry()
        let first = try registry.makeSession(configuration: Self.configuration, now: Self.now)
        #expect(!first.isExisting && first.log.isEmpty)
        _ = try registry.withSession("com.example.bg") { s throws(AppSessionError) in
            try s.downloadTask(with: "https://example.com/a")
        }
        let second = try registry.makeSession(configuration: Self.configuration, now: Self.now)
        #expect(second.isExisting)
        #expect(second.session.getAllTasks().count == 1)
        #expect(
            second.log == [
                LogEntry(
                    time: Self.now, kind: .appSession, subject: "com.example.bg",
                    reason: "A background URLSession with identifier com.example.bg already exists!")
            ])
    }

    @Test func theTableIsEmptiedWhenTheProcessDies() throws {
        var registry = BackgroundSessionRegistry()
        _ = try registry.makeSession(configuration: Self.configuration, now: Self.now)
        registry.processDied()
        #expect(registry.sessions.isEmpty)
        #expect(throws: AppSessionError.noSuchSession(identifier: "com.example.bg")) {
            try registry.withSession("com.example.bg") { s in s.getAllTasks() }
        }
        #expect(try !registry.makeSession(configuration: Self.configuration, now: Self.now).isExisting)
    }

    @Test func anEmptyIdentifierIsRefused() {
        var registry = BackgroundSessionRegistry()
        #expect(throws: AppSessionError.emptyIdentifier) {
            try registry.makeSession(configuration: SessionConfiguration(identifier: ""), now: Self.now)
        }
    }
}
