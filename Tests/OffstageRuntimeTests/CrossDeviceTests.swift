import Foundation
import OffstageCore
import OffstageHTTP
import OffstageOrigin
import OffstageRuntime
import OffstageStore
import OffstageTestSupport
import Testing

/// Delivery into a folder on another file system, where the partial file cannot be hard-linked
/// and finalisation copies it instead. The folder is a tmpfs (root only; skipped otherwise).
@Suite(.serialized) struct CrossDeviceTests {
    @Test(.timeLimit(.minutes(1)))
    func aDownloadIsCopiedIntoAFolderOnAnotherFileSystem() throws {
        let mount = try TmpfsMount(size: "16m")
        defer { mount.unmount() }
        try {
            let harness = try RuntimeHarness()
            let folder = mount.path + "/Downloads"
            let id = try harness.download("/gen/2m?seed=121", name: "across.bin", directory: folder)

            #expect(try harness.run() == .idle)

            let task = try harness.task(id)
            #expect(task.state == .completed)
            #expect(task.deliveredPath == folder + "/across.bin")
            #expect(RuntimeHarness.digest(task.deliveredPath) == RuntimeHarness.expected(size: 2 * mebibyte, seed: 121))
            #expect(RuntimeHarness.names(in: folder) == ["across.bin"])
            #expect(harness.parts().isEmpty)
        }()
    }

    /// Killed after the copy was linked under its final name but before the temporary copy and
    /// the partial file were removed: the restart must recognise the copy as its own, not
    /// deliver a second one, and must not leave the temporary name behind.
    @Test(.timeLimit(.minutes(1)))
    func aCopyAlreadyInPlaceIsNotDeliveredTwice() throws {
        let mount = try TmpfsMount(size: "16m")
        defer { mount.unmount() }
        try {
            let harness = try RuntimeHarness()
            let folder = mount.path + "/Downloads"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let size: Int64 = 300_000
            let chosen = folder + "/across.bin"
            var task = TransferTask(
                id: 1, session: SessionConfiguration.defaultIdentifier, taskIdentifier: 1, kind: .download,
                url: harness.origin.url("/gen/300000?seed=122"), requestedName: "across.bin",
                destinationDirectory: folder, createdAt: Date())
            task.state = .finishing
            task.bytesWritten = size
            task.bytesExpected = size
            task.deliveredPath = chosen
            try RuntimeHarness.writeGenerated(harness.home.partPath(taskID: 1), size: size, seed: 122)
            try RuntimeHarness.writeGenerated(chosen, size: size, seed: 122)
            #expect(link(chosen, folder + "/.offstage-1.tmp") == 0)  // the kill came before its removal
            var changes = StoreChanges()
            changes.tasks = [task]
            changes.outboxAdded = [OutboxItem(taskID: 1, kind: "didFinishDownloading")]
            try harness.store.apply(changes, now: Date())

            #expect(try harness.run() == .idle)

            let done = try harness.task(1)
            #expect(done.state == .completed)
            #expect(done.deliveredPath == chosen)
            #expect(RuntimeHarness.names(in: folder) == ["across.bin"])
            #expect(RuntimeHarness.digest(chosen) == RuntimeHarness.expected(size: size, seed: 122))
            #expect(harness.parts().isEmpty)
            #expect(try harness.store.outbox().isEmpty)
        }()
    }
}
