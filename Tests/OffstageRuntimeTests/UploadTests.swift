import Foundation
import OffstageCore
import OffstageHTTP
import OffstageOrigin
import OffstageRuntime
import OffstageStore
import OffstageTestSupport
import Testing

/// Uploads from a file: the origin answers with the SHA-256 of what it received.
@Suite struct UploadTests {
    @Test(arguments: [("PUT", "/upload/put.bin"), ("POST", "/upload")])
    func anUploadIsConfirmedByTheOriginsDigest(method: String, path: String) throws {
        let harness = try RuntimeHarness()
        let size = 2 * mebibyte
        let file = harness.temporary.path("upload.bin")
        try RuntimeHarness.writeGenerated(file, size: size, seed: 61)
        let digest = try SHA256.hexDigest(ofFile: file)
        let id = try harness.upload(file, to: path, method: method)

        #expect(try harness.run() == .idle)

        let task = try harness.task(id)
        #expect(task.state == .completed)
        #expect(task.kind == .upload)
        #expect(task.httpStatus == 201)
        #expect(task.bytesWritten == size)
        let summary = try #require(task.responseSummary)
        #expect(summary.contains("\"sha256\":\"\(digest)\""))
        #expect(summary.contains("\"bytes\":\(size)"))
        let requests = harness.requests()
        #expect(requests.map(\.method) == [method])
        #expect(requests.map(\.status) == [201])
        // The origin stored exactly the file's bytes; the source file is untouched.
        let stored = RuntimeHarness.names(in: harness.origin.uploadDirectory)
        try #require(stored.count == 1)
        #expect(try SHA256.hexDigest(ofFile: harness.origin.uploadDirectory + "/" + stored[0]) == digest)
        #expect(try SHA256.hexDigest(ofFile: file) == digest)
        #expect(try harness.eventKinds(id).last == .uploaded)
        #expect(harness.documents().isEmpty && harness.parts().isEmpty)
    }

    @Test func anUploadOfAMissingFileFails() throws {
        let harness = try RuntimeHarness()
        let id = try harness.upload(harness.temporary.path("nothing-here.bin"), to: "/upload/x.bin", method: "PUT")

        #expect(try harness.run() == .idle)

        let task = try harness.task(id)
        #expect(task.state == .failed)
        #expect(task.error?.contains("cannot read") == true)
        #expect(harness.requests().isEmpty)
    }
}
