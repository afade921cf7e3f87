import Foundation
import Testing

@testable import OffstageOrigin

@Suite struct CurlTests {
    private func curl(_ arguments: [String]) throws -> (status: Int32, output: Data) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        process.arguments = ["--silent", "--show-error"] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/curl")))
    func rangeRequestWithCurl() throws {
        let origin = try TestOrigin()
        let result = try curl(["--range", "1000-1999", origin.server.baseURL + "/gen/1m?seed=6"])
        #expect(result.status == 0)
        #expect([UInt8](result.output) == GeneratedContent.bytes(1000..<2000, seed: 6))
        #expect(origin.server.requestLog().last?.status == 206)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/curl")))
    func throttledDownloadWithCurl() throws {
        let origin = try TestOrigin()
        let start = Date()
        let result = try curl([origin.server.baseURL + "/gen/200000?rate=1000000"])
        #expect(result.status == 0)
        #expect(result.output.count == 200_000)
        #expect(Date().timeIntervalSince(start) > 0.1)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/curl")))
    func largeUploadWithCurl() throws {
        let origin = try TestOrigin()
        let path = origin.root + "/big.bin"
        try origin.writeFile("big.bin", count: 2_000_000, seed: 11)
        let result = try curl(["--data-binary", "@" + path, origin.server.baseURL + "/upload/big.bin"])
        #expect(result.status == 0)
        let text = String(decoding: result.output, as: UTF8.self)
        #expect(text.contains(GeneratedContent.sha256Hex(size: 2_000_000, seed: 11)))
    }
}
