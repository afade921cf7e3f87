import Foundation
import Glibc
import OffstageOrigin

/// `offstage-bench transfer`: curl vs offstage (and wget, aria2c when present) over a private nginx.
///
/// One warm-up round (verified by size and SHA-256), then `rounds` timed rounds whose order rotates
/// so each tool runs in each position; then one offstage run at a quarter of the size to show that
/// peak memory does not grow with the file.
struct TransferBenchmark {
    /// What the command line asked for.
    struct Options: Sendable {
        var size: Int64 = 1 << 30
        var rounds = 5
        var directory = NSTemporaryDirectory().replacingOccurrences(of: "//", with: "/") + "offstage-bench"
        var offstage: String?
        var json = false
    }

    let options: Options
    private var runNumber = 0

    init(options: Options) {
        self.options = options
    }

    /// Runs the whole benchmark and prints the report.
    mutating func run() throws {
        let offstage = try Self.locateOffstage(options.offstage)
        guard let curl = ChildProcess.which("curl") else {
            throw BenchError("curl not found on PATH; apt-get install curl")
        }
        var tools = [
            DownloadTool(name: "curl", executable: curl), DownloadTool(name: "offstage", executable: offstage),
        ]
        for name in ["wget", "aria2c"] {
            if let path = ChildProcess.which(name) { tools.append(DownloadTool(name: name, executable: path)) }
        }

        let dir = options.directory
        let www = dir + "/www"
        let out = dir + "/out"
        let homes = dir + "/homes"
        for path in [www, out, homes] {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        }
        chmod(dir, 0o755)
        chmod(www, 0o755)
        let quarterSize = max(1, options.size / 4)
        if let free = SourceFile.freeBytes(at: dir), free < 3 * options.size {
            log(
                "warning: only \(ByteSize.text(free)) free in \(dir); the bench needs about \(ByteSize.text(3 * options.size))"
            )
        }
        log("preparing \(ByteSize.text(options.size)) and \(ByteSize.text(quarterSize)) in \(www)")
        let source = try SourceFile.prepare(directory: www, size: options.size)
        let quarter = try SourceFile.prepare(directory: www, size: quarterSize)
        log(source.created || quarter.created ? "  written" : "  reused")

        let server = try NginxServer.start(directory: dir, root: www)
        defer { server.stop() }
        let url = server.url(SourceFile.name(size: options.size))
        log("nginx pid \(server.pid) serving \(url)")
        log("tools: " + tools.map { "\($0.name) (\($0.executable))" }.joined(separator: ", "))

        log("hashing the source for the warm-up check")
        let sourceDigest = try SHA256.hexDigest(ofFile: source.path)
        var runs = [String: ToolRuns]()
        for round in 0...options.rounds {
            let warmUp = round == 0
            let order = (0..<tools.count).map { tools[($0 + round) % tools.count] }
            var line = warmUp ? "warm-up:" : "round \(round)/\(options.rounds):"
            for tool in order {
                let usage = try measure(tool, url: url, size: options.size, out: out, homes: homes) { output in
                    guard warmUp, tool.name == "offstage" else { return }
                    let digest = try SHA256.hexDigest(ofFile: output)
                    guard digest == sourceDigest else {
                        throw BenchError("offstage output SHA-256 \(digest) differs from the source's \(sourceDigest)")
                    }
                }
                if !warmUp { runs[tool.name, default: ToolRuns()].append(usage) }
                line += " \(tool.name) \(Fixed.text(usage.wall, 2))s"
            }
            log(line + (warmUp ? " (SHA-256 of offstage's output matches)" : ""))
        }

        let quarterURL = server.url(SourceFile.name(size: quarterSize))
        let small = try measure(tools[1], url: quarterURL, size: quarterSize, out: out, homes: homes) { _ in }
        log(
            "offstage at \(ByteSize.text(quarterSize)): \(Fixed.text(small.wall, 2))s, peak \(Fixed.text(Double(small.peakBytes) / 1_048_576, 1)) MiB"
        )

        let baseline = runs["curl"] ?? ToolRuns()
        let summaries = tools.map { ToolSummary(tool: $0.name, runs: runs[$0.name] ?? ToolRuns(), baseline: baseline) }
        let report = BenchReport(
            size: options.size, quarterSize: quarterSize, rounds: options.rounds, tools: summaries,
            quarterPeakMiB: Double(small.peakBytes) / 1_048_576)
        print(report.table())
        if options.json { print(try report.json()) }
    }

    /// Runs one download into a new file, checks its exit code and size (plus `verify`), deletes its files.
    private mutating func measure(
        _ tool: DownloadTool, url: String, size: Int64, out: String, homes: String, verify: (String) throws -> Void
    ) throws -> ChildUsage {
        runNumber += 1
        let invocation = tool.invocation(url: url, outputDirectory: out, homesDirectory: homes, runNumber: runNumber)
        for path in invocation.scratch {
            try? FileManager.default.removeItem(atPath: path)
            Cleanup.shared.addScratch(path)
        }
        defer {
            for path in invocation.scratch {
                try? FileManager.default.removeItem(atPath: path)
                Cleanup.shared.removeScratch(path)
            }
        }
        let stderrPath = out + "/stderr.log"
        let usage = try ChildProcess.run(invocation.argv, stderrPath: stderrPath)
        guard usage.exitCode == 0 else {
            let text = (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? ""
            let last = text.split(separator: "\n").last.map(String.init) ?? "no message"
            throw BenchError("\(tool.name) exited with \(usage.exitCode): \(last)")
        }
        let written = SourceFile.size(of: invocation.output)
        guard written == size else {
            throw BenchError("\(tool.name) wrote \(written) bytes to \(invocation.output), expected \(size)")
        }
        try verify(invocation.output)
        return usage
    }

    /// `--offstage PATH`, else the `offstage` beside this executable; with a hint when it is missing.
    static func locateOffstage(_ explicit: String?) throws -> String {
        if let explicit {
            guard access(explicit, X_OK) == 0 else { throw BenchError("--offstage \(explicit): no executable there") }
            return explicit
        }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { throw BenchError("cannot find my own executable; pass --offstage PATH") }
        let me = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let candidate = (me as NSString).deletingLastPathComponent + "/offstage"
        guard access(candidate, X_OK) == 0 else {
            throw BenchError(
                "no offstage at \(candidate); build it with `swift build -c release` (or pass --offstage PATH)")
        }
        return candidate
    }

    private func log(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
