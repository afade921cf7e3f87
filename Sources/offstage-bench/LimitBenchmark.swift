import Foundation
import Glibc

/// `offstage-bench limit`: the CPU a rate-limited download costs, `offstage get --limit-rate` against
/// `curl --limit-rate` on the same file.
///
/// One `offstage origin` on 127.0.0.1 serves a generated file of `mebibytes` MiB (unthrottled: the limit is the
/// client's). One warm-up pair, then `pairs` timed pairs that alternate which tool goes first; each run is a child
/// whose CPU (user + system, from `wait4`) and wall time are read when it exits; offstage gets a fresh home each run.
/// Every run must deliver the whole file. The report gives the medians, each tool's achieved rate against the limit,
/// and the ratio of the CPU medians. Target: offstage at most 1.1× curl.
///
/// Each run is also read over a window in its middle (from 15 % to 50 % of the time the file takes at the limit):
/// the CPU per MiB written there is the transfer's own cost with start-up and delivery left out, so the report can
/// say how much of the difference is which. The target is judged on the whole runs only.
enum LimitBenchmark {
    /// The target: offstage's CPU at most this multiple of curl's.
    static let targetRatio = 1.1

    /// Runs the pairs and prints the figures.
    static func run(offstage: String, mebibytes: Int, kibPerSecond: Int, pairs: Int) throws {
        guard let curl = ChildProcess.which("curl") else {
            throw BenchError("curl is not installed (apt-get install curl)")
        }
        let size = Int64(mebibytes) << 20
        let rate = Int64(kibPerSecond) << 10
        print(
            "offstage-bench limit: \(mebibytes) MiB from offstage origin on 127.0.0.1, limited to \(kibPerSecond) KiB/s "
                + "(about \(Fixed.text(Double(size) / Double(rate), 1)) s a run); one warm-up pair, then \(pairs) "
                + "alternating pairs")
        let root = try makeScratchDirectory("offstage-bench-limit")
        defer { removeScratchDirectory(root) }
        let origin = try OriginProcess.start(offstage: offstage, directory: root)
        defer { origin.stop() }
        let url = "\(origin.baseURL)/gen/\(mebibytes)m?seed=7"
        print("origin: \(origin.baseURL)")

        var cpu: [String: [Double]] = [:]
        var wall: [String: [Double]] = [:]
        var perMiB: [String: [Double]] = [:]
        let atLimit = Double(size) / Double(rate)
        let window = (0.15 * atLimit)...(0.5 * atLimit)
        var runNumber = 0
        for pair in 0...pairs {
            let order = pair % 2 == 0 ? ["curl", "offstage"] : ["offstage", "curl"]
            for tool in order {
                runNumber += 1
                let output = root + "/\(tool)-\(runNumber).bin"
                let home = root + "/home-\(runNumber)"
                let argv =
                    tool == "curl"
                    ? [curl, "-s", "--limit-rate", "\(kibPerSecond)k", "-o", output, url]
                    : [offstage, "--home", home, "get", url, "-o", output, "-s", "--limit-rate", "\(kibPerSecond)k"]
                // The part file of the home's first task, or curl's output, as the bytes arrive.
                let growing = tool == "curl" ? output : home + "/parts/1.part"
                let run = try WindowedRun.run(
                    argv, errorLog: root + "/\(tool).stderr", growing: growing, window: window)
                let got = (try? FileManager.default.attributesOfItem(atPath: output)[.size] as? Int64) ?? nil
                guard run.exitCode == 0, got == size else {
                    let text = (try? String(contentsOfFile: root + "/\(tool).stderr", encoding: .utf8)) ?? ""
                    throw BenchError(
                        "\(tool) exited with \(run.exitCode) after \(got ?? 0) of \(size) bytes: "
                            + (text.split(separator: "\n").last.map(String.init) ?? "no message"))
                }
                try? FileManager.default.removeItem(atPath: output)
                try? FileManager.default.removeItem(atPath: home)
                let achieved = Double(size) / run.wall
                let label = pair == 0 ? "warm-up" : "pair \(pair)/\(pairs)"
                print(
                    "\(label) \(tool.padding(toLength: 8, withPad: " ", startingAt: 0)) \(Fixed.text(run.cpu, 3)) CPU s "
                        + "in \(Fixed.text(run.wall, 2)) s, \(Fixed.text(achieved / 1024, 0)) KiB/s "
                        + "(\(Fixed.text(100 * achieved / Double(rate), 1)) % of the limit)"
                        + (run.cpuPerMiB.map { "; under way \(Fixed.text($0 * 1000, 2)) ms CPU per MiB" } ?? ""))
                guard pair > 0 else { continue }
                cpu[tool, default: []].append(run.cpu)
                wall[tool, default: []].append(run.wall)
                if let value = run.cpuPerMiB { perMiB[tool, default: []].append(value) }
            }
        }
        let curlCPU = Measurement.median(cpu["curl"] ?? [])
        let offstageCPU = Measurement.median(cpu["offstage"] ?? [])
        print("")
        print("medians over \(pairs) \(pairs == 1 ? "pair" : "pairs"):")
        for (tool, value) in [("curl", curlCPU), ("offstage", offstageCPU)] {
            let seconds = Measurement.median(wall[tool] ?? [])
            print(
                "  \(tool.padding(toLength: 9, withPad: " ", startingAt: 0)) \(Fixed.text(value, 3)) CPU s, "
                    + "\(Fixed.text(seconds, 2)) s wall, \(Fixed.text(Double(size) / seconds / 1024, 0)) KiB/s")
        }
        reportWindow(perMiB, mebibytes: mebibytes, whole: ["curl": curlCPU, "offstage": offstageCPU], window: window)
        let ratio = curlCPU > 0 ? offstageCPU / curlCPU : .infinity
        print(
            "  per-pair ratio median \(Fixed.text(Measurement.pairedRatio(cpu["offstage"] ?? [], over: cpu["curl"] ?? []), 3))x"
        )
        print(
            "target: offstage CPU <= \(Fixed.text(targetRatio, 1))x curl's; measured \(Fixed.text(ratio, 3))x "
                + "(ratio of the medians)   \(ratio <= targetRatio ? "met" : "NOT MET")")
    }

    /// The window's figures: each tool's median CPU per MiB while the transfer is under way, their ratio, and what the
    /// rest of a whole run cost (its median CPU less the window's rate times the file): start-up and delivery.
    private static func reportWindow(
        _ perMiB: [String: [Double]], mebibytes: Int, whole: [String: Double], window: ClosedRange<Double>
    ) {
        let span = "\(Fixed.text(window.lowerBound, 1)) to \(Fixed.text(window.upperBound, 1)) s after the start"
        guard let curl = perMiB["curl"], let offstage = perMiB["offstage"], !curl.isEmpty, !offstage.isEmpty else {
            print("  under way (\(span)): no rate for a tool that wrote nothing then (curl runs ahead, then waits)")
            return
        }
        print("  under way (\(span)):")
        for (tool, values) in [("curl", curl), ("offstage", offstage)] {
            let rate = Measurement.median(values)
            let rest = (whole[tool] ?? 0) - rate * Double(mebibytes)
            let name = tool.padding(toLength: 9, withPad: " ", startingAt: 0)
            print(
                "    \(name) \(Fixed.text(rate * 1000, 2)) ms CPU per MiB; "
                    + "the rest of a run (start-up, delivery) about \(Fixed.text(rest * 1000, 1)) ms")
        }
        let ratio = Measurement.median(curl) > 0 ? Measurement.median(offstage) / Measurement.median(curl) : .infinity
        print("    per MiB under way: offstage \(Fixed.text(ratio, 3))x curl's (not the target's measure)")
    }
}
