import Foundation
import OffstageCore
import OffstageTestSupport
import Testing

@testable import OffstageRuntime

/// Deliveries put in place together end as each would alone: in place with its mode, the partial file gone, a taken
/// name or a missing file handled as `step` handles it, the events in the tasks' order.
@Suite struct FinalizerBatchTests {
    @Test func deliveriesTogetherEndAsEachWouldAlone() throws {
        try withScratchFolder { base in
            let parts = base + "/parts"
            let out = base + "/out"
            for folder in [parts, out] {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            }
            let finalizer = Finalizer(partPath: { "\(parts)/\($0).part" })
            func task(_ id: Int64, name: String, chosen: Bool = true) throws -> TransferTask {
                var task = TransferTask(
                    id: id, session: "s", taskIdentifier: Int(id), kind: .download,
                    url: "http://127.0.0.1/\(name)", destinationDirectory: out, createdAt: Date())
                task.state = .finishing
                task.deliveredPath = chosen ? out + "/" + name : nil
                if id != 3 { try "body \(id)".write(toFile: "\(parts)/\(id).part", atomically: false, encoding: .utf8) }
                return task
            }
            try "someone else's".write(toFile: out + "/taken.bin", atomically: false, encoding: .utf8)
            let tasks = [
                try task(1, name: "a.bin"), try task(2, name: "b.bin"), try task(3, name: "c.bin"),
                try task(4, name: "taken.bin"), try task(5, name: "e.bin", chosen: false),
            ]

            let events = finalizer.deliver(tasks)

            #expect(
                events == [
                    .delivered(id: 1), .delivered(id: 2),
                    .deliveryFailed(id: 3, reason: "the partial file \(parts)/3.part is missing"),
                    .deliveryPathChosen(id: 4, path: out + "/taken (1).bin"),
                    .deliveryPathChosen(id: 5, path: out + "/e.bin"),
                ])
            for id in [1, 2] as [Int64] {
                let delivered = out + (id == 1 ? "/a.bin" : "/b.bin")
                #expect(try String(contentsOfFile: delivered, encoding: .utf8) == "body \(id)")
                let mode = try FileManager.default.attributesOfItem(atPath: delivered)[.posixPermissions] as? Int
                #expect(mode == Int(finalizer.deliveredMode))
                #expect(!FileManager.default.fileExists(atPath: "\(parts)/\(id).part"))
            }
            #expect(try String(contentsOfFile: out + "/taken.bin", encoding: .utf8) == "someone else's")
            #expect(FileManager.default.fileExists(atPath: "\(parts)/4.part"), "kept until it is in place")
        }
    }
}
