import Foundation
import OffstageCore
import OffstageHTTP
import OffstageOrigin
import OffstageRuntime
import OffstageStore
import OffstageTestSupport
import Testing

/// Finished downloads land in their folder under a safe name that clobbers nothing.
@Suite struct DeliveryTests {
    @Test func aHostileServerFileNameIsDeliveredAsAPlainBaseName() throws {
        let harness = try RuntimeHarness()
        let hostile = "../../.bashrc\u{1B}[31m\u{202E}gnp.exe"
        let query = hostile.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? hostile
        let id = try harness.download("/gen/64k?seed=51&filename=\(query)")

        #expect(try harness.run() == .idle)

        let task = try harness.task(id)
        #expect(task.state == .completed)
        #expect(task.suggestedName == hostile)
        let delivered = try #require(task.deliveredPath)
        let name = (delivered as NSString).lastPathComponent
        #expect((delivered as NSString).deletingLastPathComponent == harness.home.documentsDirectory)
        #expect(name == "bashrc[31mgnp.exe")
        #expect(!name.hasPrefix(".") && !name.contains("/"))
        #expect(
            !name.unicodeScalars.contains {
                $0.value < 0x20 || $0.value == 0x7F || (0x202A...0x202E).contains($0.value)
            })
        #expect(harness.documents() == [name])
        #expect(RuntimeHarness.digest(delivered) == RuntimeHarness.expected(size: 64 << 10, seed: 51))
        // Nothing escaped the folder.
        for folder in [harness.home.path, harness.temporary.base, harness.home.partsDirectory] {
            #expect(!RuntimeHarness.names(in: folder).contains { $0.contains("bashrc") })
        }
        // The log shows the raw name escaped, never the raw control characters.
        let logged = try harness.events(id).map(\.reason).joined()
        #expect(!logged.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E })
    }

    @Test func twoDownloadsWithTheSameNameGetDistinctNames() throws {
        let harness = try RuntimeHarness()
        let first = try harness.download("/gen/1m?seed=52", name: "name.bin")
        let second = try harness.download("/gen/1m?seed=53", name: "name.bin")

        #expect(try harness.run() == .idle)

        #expect(harness.documents() == ["name (1).bin", "name.bin"])
        let a = try harness.task(first)
        let b = try harness.task(second)
        #expect(a.state == .completed && b.state == .completed)
        #expect(a.deliveredPath != b.deliveredPath)
        #expect(RuntimeHarness.digest(a.deliveredPath) == RuntimeHarness.expected(size: mebibyte, seed: 52))
        #expect(RuntimeHarness.digest(b.deliveredPath) == RuntimeHarness.expected(size: mebibyte, seed: 53))
        #expect(harness.parts().isEmpty)
    }

    @Test func aUserFileWithTheSameNameIsNeverOverwritten() throws {
        let harness = try RuntimeHarness()
        let userFile = harness.home.documentsDirectory + "/report.pdf"
        let userBytes = Data("the user's own report\n".utf8)
        try userBytes.write(to: URL(fileURLWithPath: userFile))
        let id = try harness.download("/gen/256k?seed=54", name: "report.pdf")

        #expect(try harness.run() == .idle)

        let task = try harness.task(id)
        #expect(task.state == .completed)
        #expect(task.deliveredPath == harness.home.documentsDirectory + "/report (1).pdf")
        #expect(FileManager.default.contents(atPath: userFile) == userBytes)
        #expect(RuntimeHarness.digest(task.deliveredPath) == RuntimeHarness.expected(size: 256 << 10, seed: 54))
        #expect(harness.documents() == ["report (1).pdf", "report.pdf"])
    }

    @Test func aDownloadIsDeliveredIntoTheFolderItAskedFor() throws {
        let harness = try RuntimeHarness()
        let folder = harness.temporary.path("Downloads/nested")
        let id = try harness.download("/gen/128k?seed=55", name: "here.bin", directory: folder)

        #expect(try harness.run() == .idle)

        let task = try harness.task(id)
        #expect(task.deliveredPath == folder + "/here.bin")
        #expect(RuntimeHarness.digest(task.deliveredPath) == RuntimeHarness.expected(size: 128 << 10, seed: 55))
        #expect(harness.documents().isEmpty)
    }
}
