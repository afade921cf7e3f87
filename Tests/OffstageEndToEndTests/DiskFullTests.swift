import Foundation
import OffstageOrigin
import OffstageStore
import OffstageTestSupport
import Testing

/// `offstage get` on a full disk: one clear line, exit 4, nothing stored lost; the same command resumes once
/// space is free. Needs root to mount a small tmpfs (`TmpfsMount`; CI runs as root); elsewhere the test is cancelled.
@Suite(.serialized)
struct DiskFullTests {
    @Test func getOnAFullDiskExitsFourAndTheSameCommandFinishesOnceThereIsRoom() throws {
        let mount = try TmpfsMount(size: "6m")
        defer { mount.unmount() }
        let mountPoint = mount.path
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
        #expect(
            full.stderr.contains(" of big.bin kept in its partial file; free space, then run the same command"),
            "\(full.stderr)")
        // Off a terminal `get` prints plain progress lines first; the error is the one `offstage: ` line, last.
        let errors = full.stderr.split(separator: "\n").filter { $0.hasPrefix("offstage: ") }
        #expect(errors.count == 1 && full.stderr.split(separator: "\n").last?.hasPrefix("offstage: ") == true)
        #expect(full.stderr.lowercased().contains("disk"), "\(full.stderr)")
        #expect(!full.stderr.contains("\r") && !full.stderr.contains("\u{1B}"))
        let store = try Store.open(home: OffstageHome(path: mountPoint + "/home"), readOnly: true)
        #expect(try store.integrityCheck() == "ok")
        store.close()

        #expect(throws: Never.self) { try mount.resize("64m") }
        let again = try binary.run(["get", url, "-o", output])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try SHA256.hexDigest(ofFile: output) == GeneratedContent.sha256Hex(size: 8 << 20, seed: 41))
        #expect(origin.server.requestLog().contains { $0.range != nil }, "the second run resumed with a range")
    }

    /// `run --until-idle` whose download the full disk paused ends with exit 4 and says what waits for room, with
    /// what it kept (it ended as if all was done).
    @Test func runUntilIdleSaysWhichDownloadsWaitForRoom() throws {
        let mount = try TmpfsMount(size: "6m")
        defer { mount.unmount() }
        let origin = try OriginFixture()
        defer { origin.stop() }
        let binary = try OffstageBinary(home: mount.path + "/home")
        #expect(try binary.run(["add", origin.url("/gen/8m?seed=43")]).status == 0)
        let run = try binary.run(["run", "--until-idle", "--quiet"])
        #expect(run.status == 4, "\(run.stderr)")
        #expect(run.stderr.hasPrefix("offstage: the disk is full: 1 download paused waiting for room (task 1 with "))
        #expect(run.stderr.hasSuffix(" kept); free space, then run offstage run again to resume it\n"), "\(run.stderr)")
    }

    /// Fills the file system at `mountPoint` to the last byte with one file, and returns its path.
    static func fill(_ mountPoint: String) -> String {
        let path = mountPoint + "/filler"
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        defer { close(fd) }
        let block = [UInt8](repeating: 0, count: 4096)
        while block.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) > 0 {}
        let byte: [UInt8] = [0]
        while byte.withUnsafeBytes({ write(fd, $0.baseAddress, 1) }) > 0 {}
        return path
    }

    @Test func readsWorkOnAFullDiskWhileRunGetAndWritesExitFourAndCleanFreesSpace() throws {
        let mount = try TmpfsMount(size: "2m")
        defer { mount.unmount() }
        let mountPoint = mount.path
        let home = mountPoint + "/home"
        let binary = try OffstageBinary(home: home)
        #expect(try binary.run(["add", "http://127.0.0.1:9/queued.bin"]).status == 0)
        try Data(count: 4096).write(to: URL(fileURLWithPath: home + "/parts/55.part"))  // a part of no task
        _ = Self.fill(mountPoint)

        for read in [
            ["ls"], ["ls", "--json"], ["events"], ["pending"], ["app"], ["app", "--json"], ["clean", "--dry-run"],
        ] {
            let result = try binary.run(read)
            #expect(result.status == 0, "\(read) on a full disk: \(result.status) \(result.stderr)")
        }
        #expect(try binary.run(["ls"]).stdout.contains("queued.bin"))
        for write in [["run", "--until-idle"], ["get", "http://127.0.0.1:9/other.bin", "-o", mountPoint + "/"]] {
            let result = try binary.run(write)
            #expect(result.status == 4, "\(write) on a full disk: \(result.status) \(result.stderr)")
            #expect(result.stderr.lowercased().contains("disk is full"), "\(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1)
            // It says what was kept, never that nothing was written while partial files were kept.
            #expect(!result.stderr.contains("nothing was written"), "\(result.stderr)")
        }
        let run = try binary.run(["run", "--until-idle"])
        #expect(
            run.stderr.contains("everything stored is kept, and 1 partial file (4.1 KB) in ")
                && run.stderr.contains("; free space, then run offstage run again to carry on"), "\(run.stderr)")
        let clean = try binary.run(["clean"])
        #expect(clean.status == 0, "\(clean.stderr)")
        #expect(clean.stdout.contains("removed 1 partial file: 4.1 KB freed"), "\(clean.stdout)")
        let store = try Store.open(home: OffstageHome(path: home), readOnly: true)
        #expect(try store.integrityCheck() == "ok")
        store.close()
    }
}
