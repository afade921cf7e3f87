import Foundation
import OffstageCore
import OffstageHTTP
import OffstageOrigin
import OffstageRuntime
import OffstageStore
import OffstageTestSupport
import Testing

/// A task found in `finishing` at start is delivered exactly once, whatever step a kill
/// interrupted. The state is built directly in the store and on disk; no request is made.
@Suite struct FinalisationRecoveryTests {
    /// Where finalisation was when the process died.
    enum Interrupted: String, CaseIterable, CustomTestStringConvertible {
        /// Body synced and task marked `finishing`; no name chosen yet.
        case beforeChoosingAName
        /// Name recorded in `deliveredPath`; nothing linked yet.
        case afterChoosingAName
        /// Partial file hard-linked at `deliveredPath` (same inode); partial file not yet removed.
        case afterLinking
        /// Partial file removed; task not yet marked `completed`.
        case afterRemovingThePart
        /// Name recorded, but a user created a file under it before the link.
        case afterAUserTookTheName

        var testDescription: String { rawValue }
    }

    static let size: Int64 = 300_000
    static let seed: UInt64 = 91
    static let id: Int64 = 1

    /// Writes a `finishing` task (with its outbox row) and the files of the interrupted step.
    static func prepare(_ harness: RuntimeHarness, _ step: Interrupted, time: ManualTimeSource) throws -> String {
        let home = harness.home
        let part = home.partPath(taskID: id)
        let chosen = home.documentsDirectory + "/recovered.bin"
        var task = TransferTask(
            id: id, session: SessionConfiguration.defaultIdentifier, taskIdentifier: 1, kind: .download,
            url: harness.origin.url("/gen/300000?seed=\(seed)"), requestedName: "recovered.bin",
            destinationDirectory: home.documentsDirectory, createdAt: time.now())
        task.state = .finishing
        task.bytesWritten = size
        task.bytesExpected = size
        try RuntimeHarness.writeGenerated(part, size: size, seed: seed)
        switch step {
        case .beforeChoosingAName:
            break
        case .afterChoosingAName:
            task.deliveredPath = chosen
        case .afterLinking:
            task.deliveredPath = chosen
            #expect(link(part, chosen) == 0)
        case .afterRemovingThePart:
            task.deliveredPath = chosen
            #expect(link(part, chosen) == 0)
            #expect(unlink(part) == 0)
        case .afterAUserTookTheName:
            task.deliveredPath = chosen
            try Data("a user's file\n".utf8).write(to: URL(fileURLWithPath: chosen))
        }
        var changes = StoreChanges()
        changes.sessions = [SessionConfiguration()]
        changes.tasks = [task]
        changes.outboxAdded = [OutboxItem(taskID: id, kind: "didFinishDownloading")]
        try harness.store.apply(changes, now: time.now())
        return chosen
    }

    @Test(.timeLimit(.minutes(1)), arguments: Interrupted.allCases)
    func aFinishingTaskIsDeliveredExactlyOnce(_ step: Interrupted) throws {
        let harness = try RuntimeHarness()
        let time = ManualTimeSource()
        let chosen = try Self.prepare(harness, step, time: time)
        time.advance(by: 42)

        #expect(try harness.run(time: time) == .idle)

        let task = try harness.task(Self.id)
        #expect(task.state == .completed)
        #expect(try harness.store.outbox().isEmpty)
        #expect(harness.parts().isEmpty)
        let expected = RuntimeHarness.expected(size: Self.size, seed: Self.seed)
        #expect(RuntimeHarness.digest(task.deliveredPath) == expected)
        if step == .afterAUserTookTheName {
            #expect(task.deliveredPath == harness.home.documentsDirectory + "/recovered (1).bin")
            #expect(FileManager.default.contents(atPath: chosen) == Data("a user's file\n".utf8))
            #expect(harness.documents() == ["recovered (1).bin", "recovered.bin"])
        } else {
            #expect(task.deliveredPath == chosen)
            #expect(harness.documents() == ["recovered.bin"])
        }
        let delivered = try harness.events(Self.id).filter { $0.kind == .delivered }
        #expect(delivered.count == 1)
        #expect(delivered.first?.time == time.now())
        #expect(harness.requests().isEmpty)
    }

    @Test(.timeLimit(.minutes(1)))
    func aFinishingTaskWhosePartialFileVanishedFailsWithAReason() throws {
        let harness = try RuntimeHarness()
        let time = ManualTimeSource()
        _ = try Self.prepare(harness, .afterChoosingAName, time: time)
        #expect(unlink(harness.home.partPath(taskID: Self.id)) == 0)

        #expect(try harness.run(time: time) == .idle)

        let task = try harness.task(Self.id)
        #expect(task.state == .failed)
        #expect(task.error?.hasPrefix("delivery failed: the partial file") == true)
        #expect(harness.documents().isEmpty)
    }
}
