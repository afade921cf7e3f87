import Foundation
import OffstageOrigin
import OffstageStore
import OffstageTestSupport
import Testing

/// `offstage get` on a full disk: one clear line, exit 4, nothing stored lost; the same command resumes once
/// space is free. Needs root to mount a small tmpfs (CI runs as root); elsewhere the test says why it did nothing.
@Suite(.serialized)
struct DiskFullTests {
    @Test func getOnAFullDiskExitsFourAndTheSameCommandFinishesOnceThereIsRoom() throws {
        let folder = try TemporaryFolder("diskfull")
        let mountPoint = folder.path + "/small"
        try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: true)
        guard Self.mount(["-t", "tmpfs", "-o", "size=6m", "tmpfs", mountPoint]) else {
            try Test.cancel("cannot mount a tmpfs here (needs root); the full-disk path is not exercised")
        }
        defer { _ = Self.mount(["-u", mountPoint], command: "/bin/umount") }
        let origin = try OriginFixture()
        defer { origin.stop() }
        let binary = try OffstageBinary(home: mountPoint + "/home")
        let output = mountPoint + "/out/big.bin"
        // `get -o` delivers into an existing folder only (or with --create-dirs).
        try FileManager.default.createDirectory(
            atPath: (output as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let url = origin.url("/gen/8m?seed=41")

        let full = try binary.run(["get", url, "-o", output])
        #expect(full.status == 4, "\(full.stderr)")
        // Off a terminal `get` prints plain progress lines first; the error is the one `offstage: ` line, last.
        let errors = full.stderr.split(separator: "\n").filter { $0.hasPrefix("offstage: ") }
        #expect(errors.count == 1 && full.stderr.split(separator: "\n").last?.hasPrefix("offstage: ") == true)
        #expect(full.stderr.lowercased().contains("disk"), "\(full.stderr)")
        #expect(!full.stderr.contains("\r") && !full.stderr.contains("\u{1B}"))
        let store = try Store.open(home: OffstageHome(path: mountPoint + "/home"), readOnly: true)
        #expect(try store.integrityCheck() == "ok")
        store.close()

        #expect(Self.mount(["-o", "remount,size=64m", mountPoint]))
        let again = try binary.run(["get", url, "-o", output])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try SHA256.hexDigest(ofFile: output) == GeneratedContent.sha256Hex(size: 8 << 20, seed: 41))
        #expect(origin.server.requestLog().contains { $0.range != nil }, "the second run resumed with a range")
    }

    /// Runs mount (or umount) and says whether it succeeded.
    static func mount(_ arguments: [String], command: String = "/bin/mount") -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
