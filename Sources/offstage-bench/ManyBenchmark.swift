import Foundation
import Glibc
import OffstageOrigin

/// `offstage-bench many`: many throttled downloads at once, by offstage and by aria2c, on the same work.
///
/// A private nginx listens on 127.0.0.1 to 127.0.0.`hosts` (one port) and sends every response at `rateKiB` KiB/s
/// (`limit_rate`); `downloads` distinct files of `sizeKiB` KiB are spread over the hosts round-robin. offstage gets a
/// fresh home whose default session allows `perHost` connections per host, the list through `add --input-file`, and
/// `run --until-idle`; aria2c gets the same list with `-i` and `-j downloads`. Rounds alternate which goes first.
/// Every file each writes is checked against the source's SHA-256. Targets: offstage's CPU (add plus run) at most
/// aria2c's, its peak memory at most twice aria2c's, per-round ratios, medians.
struct ManyBenchmark {
    /// What the command line asked for.
    struct Options: Sendable {
        var downloads = 1000
        var hosts = 16
        var perHost = 64
        var sizeKiB = 512
        var rateKiB = 100
        var rounds = 3
        var offstage: String?
    }

    /// One contender's run: what it cost.
    struct Usage {
        var wall: Double
        var cpu: Double
        var peakMiB: Double
    }

    static let cpuTarget = 1.0
    static let memoryTarget = 2.0

    let options: Options

    /// Prepares the files and the server, runs the rounds, prints the figures.
    func run() throws {
        let offstage = try TransferBenchmark.locateOffstage(options.offstage)
        guard let aria2c = ChildProcess.which("aria2c") else {
            throw BenchError("aria2c not found on PATH; apt-get install aria2")
        }
        let dir = NSTemporaryDirectory().replacingOccurrences(of: "//", with: "/") + "offstage-bench-many"
        let www = dir + "/www"
        try FileManager.default.createDirectory(atPath: www, withIntermediateDirectories: true)
        chmod(dir, 0o755)
        chmod(www, 0o755)
        let size = Int64(options.sizeKiB) * 1024
        log("preparing \(options.downloads) files of \(options.sizeKiB) KiB in \(www)")
        var digests: [String] = []
        for index in 0..<options.downloads {
            let seed = SourceFile.seed &+ UInt64(index)
            _ = try SourceFile.prepare(path: www + "/" + Self.name(index), size: size, seed: seed)
            digests.append(GeneratedContent.sha256Hex(size: size, seed: seed))
        }
        let site = NginxServer.Site(
            hosts: options.hosts, limitRate: "\(options.rateKiB)k", connections: options.downloads)
        let server = try NginxServer.start(directory: dir, root: www, site: site)
        defer { server.stop() }
        let list = dir + "/list.txt"
        let urls = (0..<options.downloads).map { server.url(Self.name($0), host: $0 % options.hosts + 1) }
        try (urls.joined(separator: "\n") + "\n").write(toFile: list, atomically: true, encoding: .utf8)
        log(
            "nginx pid \(server.pid) on 127.0.0.1-\(options.hosts):\(server.port), limit_rate \(options.rateKiB)k; "
                + "offstage \(offstage), aria2c \(aria2c)")

        var offstageRuns: [Usage] = []
        var aria2cRuns: [Usage] = []
        for round in 1...options.rounds {
            let order = round % 2 == 1 ? ["offstage", "aria2c"] : ["aria2c", "offstage"]
            var line = "round \(round)/\(options.rounds):"
            for tool in order {
                let out = dir + "/out-\(tool)"
                try? FileManager.default.removeItem(atPath: out)
                try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
                Cleanup.shared.addScratch(out)
                let usage =
                    tool == "offstage"
                    ? try runOffstage(offstage, list: list, out: out, scratch: dir)
                    : try runAria2c(aria2c, list: list, out: out, scratch: dir)
                try verify(out, digests: digests, tool: tool)
                try? FileManager.default.removeItem(atPath: out)
                Cleanup.shared.removeScratch(out)
                if tool == "offstage" { offstageRuns.append(usage) } else { aria2cRuns.append(usage) }
                line +=
                    " \(tool) \(Fixed.text(usage.wall, 2)) s wall, \(Fixed.text(usage.cpu, 2)) s CPU, "
                    + "\(Fixed.text(usage.peakMiB, 1)) MiB;"
            }
            log(line + " every file's SHA-256 matches")
        }
        print(report(offstage: offstageRuns, aria2c: aria2cRuns))
    }

    /// `offstage session … --max-connections`, `add --input-file`, `run --until-idle` on a fresh home: the add and
    /// the run together (wall and CPU summed, the larger peak).
    private func runOffstage(_ offstage: String, list: String, out: String, scratch: String) throws -> Usage {
        let home = scratch + "/home"
        try? FileManager.default.removeItem(atPath: home)
        Cleanup.shared.addScratch(home)
        defer {
            try? FileManager.default.removeItem(atPath: home)
            Cleanup.shared.removeScratch(home)
        }
        let errors = scratch + "/offstage.stderr"
        let session = try ChildProcess.run(
            [
                offstage, "--home", home, "session", "com.offstage.default", "--max-connections",
                "\(options.perHost)",
            ], stderrPath: errors)
        try check(session, "offstage session", errors)
        let add = try ChildProcess.run([offstage, "--home", home, "add", "-i", list, "--dir", out], stderrPath: errors)
        try check(add, "offstage add", errors)
        let run = try ChildProcess.run(
            [offstage, "--home", home, "run", "--until-idle", "--quiet"], stderrPath: errors)
        try check(run, "offstage run", errors)
        return Usage(
            wall: add.wall + run.wall, cpu: add.cpu + run.cpu,
            peakMiB: Double(max(add.peakBytes, run.peakBytes)) / 1_048_576)
    }

    /// `aria2c -i LIST -j N` into `out`.
    private func runAria2c(_ aria2c: String, list: String, out: String, scratch: String) throws -> Usage {
        let errors = scratch + "/aria2c.stderr"
        let run = try ChildProcess.run(
            [
                aria2c, "-q", "-i", list, "-d", out, "-j", "\(options.downloads)", "--max-connection-per-server=1",
                "--split=1", "--file-allocation=none", "--allow-overwrite=true", "--auto-file-renaming=false",
                "--summary-interval=0",
            ], stderrPath: errors)
        try check(run, "aria2c", errors)
        return Usage(wall: run.wall, cpu: run.cpu, peakMiB: Double(run.peakBytes) / 1_048_576)
    }

    /// Every file is there with the source's SHA-256.
    private func verify(_ out: String, digests: [String], tool: String) throws {
        for (index, expected) in digests.enumerated() {
            let path = out + "/" + Self.name(index)
            let digest = try? SHA256.hexDigest(ofFile: path)
            guard digest == expected else {
                throw BenchError(
                    "\(tool): \(path) "
                        + (digest == nil ? "is missing" : "has SHA-256 \(digest ?? ""), not \(expected)"))
            }
        }
    }

    private func check(_ usage: ChildUsage, _ what: String, _ errors: String) throws {
        guard usage.exitCode == 0 else {
            let text = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
            let last = text.split(separator: "\n").last.map(String.init) ?? "no message"
            throw BenchError("\(what) exited with \(usage.exitCode): \(last)")
        }
    }

    /// The figures, the per-round ratios and the targets.
    private func report(offstage: [Usage], aria2c: [Usage]) -> String {
        func median(_ runs: [Usage], _ value: (Usage) -> Double) -> Double { Measurement.median(runs.map(value)) }
        let cpuRatio = Measurement.pairedRatio(offstage.map(\.cpu), over: aria2c.map(\.cpu))
        let memoryRatio = Measurement.pairedRatio(offstage.map(\.peakMiB), over: aria2c.map(\.peakMiB))
        let wallRatio = Measurement.pairedRatio(offstage.map(\.wall), over: aria2c.map(\.wall))
        var lines = [
            "",
            "offstage-bench many: \(options.downloads) downloads of \(options.sizeKiB) KiB at \(options.rateKiB) KiB/s "
                + "each, \(options.hosts) loopback hosts, \(options.perHost) per host; \(options.rounds) rounds",
            "(medians; x/aria2c = median of per-round ratios; offstage = add --input-file + run --until-idle)",
            "",
            "tool        wall s    CPU s   peak MiB",
        ]
        for (name, runs) in [("aria2c", aria2c), ("offstage", offstage)] {
            lines.append(
                name.padding(toLength: 8, withPad: " ", startingAt: 0)
                    + pad(Fixed.text(median(runs, \.wall), 2), 10) + pad(Fixed.text(median(runs, \.cpu), 2), 9)
                    + pad(Fixed.text(median(runs, \.peakMiB), 1), 11))
        }
        lines += [
            "",
            "offstage / aria2c: wall \(Fixed.text(wallRatio, 2))x",
            "  CPU    \(Fixed.text(cpuRatio, 2))x (target <= \(Fixed.text(Self.cpuTarget, 1))x)   "
                + (cpuRatio <= Self.cpuTarget ? "met" : "NOT MET"),
            "  memory \(Fixed.text(memoryRatio, 2))x (target <= \(Fixed.text(Self.memoryTarget, 1))x)   "
                + (memoryRatio <= Self.memoryTarget ? "met" : "NOT MET"),
            "  every file intact (SHA-256) in every round: met",
        ]
        return lines.joined(separator: "\n")
    }

    /// The file name of download `index`.
    static func name(_ index: Int) -> String {
        "f" + String(index + 1).leftPadded(to: 5) + ".bin"
    }

    private func pad(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }

    private func log(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}

extension String {
    /// The text with zeros in front up to `width` characters.
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
