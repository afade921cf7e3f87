import Foundation
import Glibc

/// `offstage-bench add-list`: `offstage add --input-file` of a long list on a fresh home with no engine running
/// (the command applies itself: the list read and checked, one inbox row, one transaction for every task), timed
/// from its start to its exit; `rounds` runs, each on a fresh home. Target: 100,000 URLs in at most 5 s.
enum AddListBenchmark {
    /// The target, in seconds, for 100,000 URLs.
    static let targetSeconds = 5.0

    static func run(offstage: String, urls count: Int, rounds: Int) throws {
        let root = try makeScratchDirectory("offstage-bench-add-list")
        defer { removeScratchDirectory(root) }
        let list = root + "/list.txt"
        let lines = (0..<count).map { "http://127.0.0.\($0 % 16 + 1):8080/data/file-\($0).bin" }
        try ("# offstage-bench add-list\n" + lines.joined(separator: "\n") + "\n")
            .write(toFile: list, atomically: true, encoding: .utf8)
        print("offstage-bench add-list: \(offstage) add --input-file (\(count) URLs), fresh home, no engine running")
        var walls: [Double] = []
        for round in 1...rounds {
            let home = root + "/home-\(round)"
            let usage = try ChildProcess.run(
                [offstage, "--home", home, "add", "--input-file", list], stderrPath: root + "/stderr",
                stdoutPath: root + "/stdout")
            let said = (try? String(contentsOfFile: root + "/stdout", encoding: .utf8)) ?? ""
            guard usage.exitCode == 0, said.hasPrefix("added \(count) downloads") else {
                let text = (try? String(contentsOfFile: root + "/stderr", encoding: .utf8)) ?? ""
                throw BenchError("add exited with \(usage.exitCode): \(said)\(text)")
            }
            walls.append(usage.wall)
            print(
                "round \(round)/\(rounds): \(Fixed.text(usage.wall, 2)) s wall, \(Fixed.text(usage.cpu, 2)) s CPU, "
                    + "peak \(Fixed.text(Double(usage.peakBytes) / 1_048_576, 1)) MiB")
            try? FileManager.default.removeItem(atPath: home)
        }
        let median = Measurement.median(walls)
        let target = targetSeconds * Double(count) / 100_000
        print(
            "median \(Fixed.text(median, 2)) s for \(count) URLs (target <= \(Fixed.text(target, 2)) s)   "
                + (median <= target ? "met" : "NOT MET"))
    }
}
