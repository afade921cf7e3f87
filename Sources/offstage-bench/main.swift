import Foundation
import Glibc

/// The command line of `offstage-bench`: `transfer`, `schedule`, `render`, `idle`, `dashboard`, `digest`, `limit`,
/// `many` and `add-list` with their options.
enum BenchCommandLine {
    static let usage = """
        usage: offstage-bench transfer [--size 1g] [--rounds 5] [--dir DIR] [--offstage PATH] [--json]
               offstage-bench schedule [--days 30] [--identifiers 100] [--rounds 5]
               offstage-bench render [--rounds 5]
               offstage-bench idle [--seconds 10] [--offstage PATH]
               offstage-bench dashboard [--seconds 20] [--pairs 9] [--offstage PATH]
               offstage-bench digest [--size 256] [--rounds 5]
               offstage-bench big-home [--tasks 100000] [--seconds 10] [--rounds 3] [--offstage PATH]
               offstage-bench many [--downloads 1000] [--hosts 16] [--per-host 64] [--size-kib 512] [--rate-kib 100]
                                   [--rounds 3] [--offstage PATH]
               offstage-bench add-list [--urls 100000] [--rounds 3] [--offstage PATH]
               offstage-bench limit [--size 16] [--rate 4096] [--pairs 5] [--offstage PATH]

          Downloads a generated file from a private nginx on 127.0.0.1 with curl, offstage (fresh home per run)
          and, when installed, wget and aria2c: one warm-up round, then alternating timed rounds.
          --size     file size, e.g. 256m, 1g (binary units; default 1g)
          --rounds   timed rounds after the warm-up (default 5)
          --dir      work dir (default $TMPDIR/offstage-bench; the source file is kept there and reused)
          --offstage the offstage binary (default: the one beside offstage-bench)
          --json     print the figures as JSON after the table

          schedule replays the BG task scheduler's policy in virtual time (the `offstage simulate` engine) for
          --days days with --identifiers identifiers and prints the wall time against the 1 s target.

          render draws the dashboard (1,000 transfers, 100 requests, 120x40) in process: 200 frames per round
          after a warm-up, --rounds rounds; median ms per frame against the 2 ms target, alone and with the
          compare against the previous frame.

          idle starts `offstage run` and then the dashboard (`offstage` on a 120x40 pseudo-terminal), each on a
          fresh home with no tasks, waits 2 s, and measures its CPU over --seconds: target 0.5 % of a core each.

          dashboard starts `offstage origin` on 127.0.0.1, adds ten 64 MiB downloads throttled to 2 MB/s to a fresh
          home, starts `offstage run` or the dashboard on it and measures its CPU over --seconds from its start;
          --pairs alternating pairs, medians; target: dashboard at most 1.1x run.

          digest hashes --size MiB of generated content in 64 KiB pieces (an upload's body as the origin reads it)
          with the origin's former hand-written SHA-256 and with libcrypto's, --rounds alternating rounds after a
          warm-up, and prints the median MB/s of each and the ratio.

          big-home writes two homes of --tasks tasks (queued ten years out; completed) and measures `ls` and
          `run --until-idle` (--rounds after a warm-up, medians), then the start-up, idle CPU over --seconds and
          memory of `run`, of the dashboard, and of an engine with a dashboard attached (the bytes it sends),
          and `ls` while that engine runs.
          limit downloads a --size MiB file from `offstage origin` on 127.0.0.1 limited to --rate KiB/s with
          `curl --limit-rate` and `offstage get --limit-rate` (fresh home each run): a warm-up pair, then --pairs
          alternating pairs; the CPU of each run (wait4), its rate against the limit, and the ratio of the CPU
          medians against the 1.1x target; also the CPU per MiB from 15 % to 50 % of the run, and what the rest
          of a run (start-up, delivery) cost beside it.

          many serves --downloads distinct files of --size-kib KiB from a private nginx on 127.0.0.1 to
          127.0.0.<hosts> at --rate-kib KiB/s each (limit_rate), and downloads them all at once with offstage (a
          fresh home whose session allows --per-host connections per host, add --input-file, run --until-idle) and
          with aria2c (-i, -j N), rounds alternating; every file is checked by SHA-256. Targets: offstage's CPU at
          most aria2c's, its peak memory at most twice aria2c's.

          add-list times `offstage add --input-file` of --urls URLs on a fresh home with no engine: target 5 s for
          100,000.
        """

    /// Parses the options of `transfer`; one clear error for anything unknown or malformed.
    static func parse(_ words: [String]) throws -> TransferBenchmark.Options {
        var options = TransferBenchmark.Options()
        var index = 0
        func value(_ name: String) throws -> String {
            index += 1
            guard index < words.count else { throw BenchError("\(name) needs a value") }
            return words[index]
        }
        while index < words.count {
            var word = words[index]
            var inline: String?
            if word.hasPrefix("--"), let equals = word.firstIndex(of: "=") {
                inline = String(word[word.index(after: equals)...])
                word = String(word[..<equals])
            }
            let take = { (name: String) throws -> String in try inline ?? value(name) }
            switch word {
            case "--size":
                let text = try take(word)
                guard let size = ByteSize.parse(text), size >= 1 << 20 else {
                    throw BenchError("invalid --size '\(text)' (use e.g. 256m or 1g; at least 1m)")
                }
                options.size = size
            case "--rounds":
                let text = try take(word)
                guard let rounds = Int(text), (1...1000).contains(rounds) else {
                    throw BenchError("invalid --rounds '\(text)' (a whole number from 1 to 1000)")
                }
                options.rounds = rounds
            case "--dir":
                let text = try take(word)
                guard !text.isEmpty else { throw BenchError("--dir needs a directory") }
                options.directory = text.hasPrefix("/") ? text : FileManager.default.currentDirectoryPath + "/" + text
            case "--offstage":
                options.offstage = try take(word)
            case "--json":
                guard inline == nil else { throw BenchError("--json takes no value") }
                options.json = true
            default:
                throw BenchError("unknown option '\(words[index])'; see offstage-bench --help")
            }
            index += 1
        }
        return options
    }

    /// Parses `schedule [--days 30] [--identifiers 100] [--rounds 5]`.
    static func parseSchedule(_ words: [String]) throws -> (days: Int, identifiers: Int, rounds: Int) {
        var values = ["--days": 30, "--identifiers": 100, "--rounds": 5]
        var index = 0
        while index < words.count {
            let name = words[index]
            guard values[name] != nil else { throw BenchError("unknown option '\(name)'; see offstage-bench --help") }
            guard index + 1 < words.count, let number = Int(words[index + 1]), (1...100_000).contains(number) else {
                throw BenchError("\(name) needs a whole number from 1 to 100000")
            }
            values[name] = number
            index += 2
        }
        return (values["--days"] ?? 30, values["--identifiers"] ?? 100, values["--rounds"] ?? 5)
    }

    /// Parses `--NAME N` / `--NAME=N` whole numbers (within `range`) and `--offstage PATH` for the newer benchmarks.
    static func parseNamed(_ words: [String], defaults: [String: Int], range: ClosedRange<Int>) throws
        -> (numbers: [String: Int], offstage: String?)
    {
        var numbers = defaults
        var offstage: String?
        var index = 0
        while index < words.count {
            var name = words[index]
            var text: String?
            if let equals = name.firstIndex(of: "=") {
                text = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            } else if index + 1 < words.count {
                index += 1
                text = words[index]
            }
            if name == "--offstage" {
                guard let text, !text.isEmpty else { throw BenchError("--offstage needs a path") }
                offstage = text
            } else {
                guard numbers[name] != nil else {
                    throw BenchError("unknown option '\(name)'; see offstage-bench --help")
                }
                guard let text, let number = Int(text), range.contains(number) else {
                    throw BenchError("\(name) needs a whole number from \(range.lowerBound) to \(range.upperBound)")
                }
                numbers[name] = number
            }
            index += 1
        }
        return (numbers, offstage)
    }

    /// Runs `many` or `add-list`; false for another command.
    static func runScaleBenchmarks(_ command: String, _ words: [String]) throws -> Bool {
        switch command {
        case "many":
            let defaults = [
                "--downloads": 1000, "--hosts": 16, "--per-host": 64, "--size-kib": 512, "--rate-kib": 100,
                "--rounds": 3,
            ]
            let parsed = try parseNamed(words, defaults: defaults, range: 1...100_000)
            let numbers = parsed.numbers
            guard (numbers["--hosts"] ?? 16) <= 254, (numbers["--per-host"] ?? 64) <= 64 else {
                throw BenchError("--hosts is at most 254 (127.0.0.1 to .254), --per-host at most 64")
            }
            let options = ManyBenchmark.Options(
                downloads: numbers["--downloads"] ?? 1000, hosts: numbers["--hosts"] ?? 16,
                perHost: numbers["--per-host"] ?? 64, sizeKiB: numbers["--size-kib"] ?? 512,
                rateKiB: numbers["--rate-kib"] ?? 100, rounds: numbers["--rounds"] ?? 3, offstage: parsed.offstage)
            let signalSources = Cleanup.shared.install()
            defer { withExtendedLifetime(signalSources) {} }
            try ManyBenchmark(options: options).run()
        case "add-list":
            let parsed = try parseNamed(words, defaults: ["--urls": 100_000, "--rounds": 3], range: 1...1_000_000)
            let offstage = try TransferBenchmark.locateOffstage(parsed.offstage)
            let signalSources = Cleanup.shared.install()
            defer { withExtendedLifetime(signalSources) {} }
            try AddListBenchmark.run(
                offstage: offstage, urls: parsed.numbers["--urls"] ?? 100_000, rounds: parsed.numbers["--rounds"] ?? 3)
        default:
            return false
        }
        return true
    }

    /// Runs `render`, `idle`, `dashboard`, `digest` or `limit`; false for another command.
    static func runDashboardBenchmarks(_ command: String, _ words: [String]) throws -> Bool {
        switch command {
        case "render":
            let options = try parseNamed(words, defaults: ["--rounds": 5], range: 1...1000)
            guard options.offstage == nil else { throw BenchError("render takes no --offstage (it runs in process)") }
            try RenderBenchmark.run(rounds: options.numbers["--rounds"] ?? 5)
        case "idle":
            let options = try parseNamed(words, defaults: ["--seconds": 10], range: 1...3600)
            let offstage = try TransferBenchmark.locateOffstage(options.offstage)
            let signalSources = Cleanup.shared.install()
            defer { withExtendedLifetime(signalSources) {} }
            try IdleBenchmark.run(offstage: offstage, seconds: Double(options.numbers["--seconds"] ?? 10))
        case "dashboard":
            let options = try parseNamed(words, defaults: ["--seconds": 20, "--pairs": 9], range: 1...3600)
            let offstage = try TransferBenchmark.locateOffstage(options.offstage)
            let signalSources = Cleanup.shared.install()
            defer { withExtendedLifetime(signalSources) {} }
            try DashboardBenchmark.run(
                offstage: offstage, seconds: Double(options.numbers["--seconds"] ?? 20),
                pairs: options.numbers["--pairs"] ?? 9)
        case "big-home":
            let options = try parseNamed(
                words, defaults: ["--tasks": 100_000, "--seconds": 10, "--rounds": 3], range: 1...1_000_000)
            let offstage = try TransferBenchmark.locateOffstage(options.offstage)
            let signalSources = Cleanup.shared.install()
            defer { withExtendedLifetime(signalSources) {} }
            try BigHomeBenchmark.run(
                offstage: offstage, tasks: options.numbers["--tasks"] ?? 100_000,
                seconds: Double(options.numbers["--seconds"] ?? 10), rounds: options.numbers["--rounds"] ?? 3)
        case "digest":
            let options = try parseNamed(words, defaults: ["--size": 256, "--rounds": 5], range: 1...4096)
            guard options.offstage == nil else { throw BenchError("digest takes no --offstage (it runs in process)") }
            try DigestBenchmark.run(
                mebibytes: options.numbers["--size"] ?? 256, rounds: options.numbers["--rounds"] ?? 5)
        case "limit":
            let options = try parseNamed(
                words, defaults: ["--size": 16, "--rate": 4096, "--pairs": 5], range: 1...1_048_576)
            let offstage = try TransferBenchmark.locateOffstage(options.offstage)
            let signalSources = Cleanup.shared.install()
            defer { withExtendedLifetime(signalSources) {} }
            try LimitBenchmark.run(
                offstage: offstage, mebibytes: options.numbers["--size"] ?? 16,
                kibPerSecond: options.numbers["--rate"] ?? 4096, pairs: options.numbers["--pairs"] ?? 5)
        default:
            return false
        }
        return true
    }

    /// Runs the command line and returns the exit code.
    static func run(_ arguments: [String]) -> Int32 {
        guard let command = arguments.first, !["-h", "--help", "help"].contains(command) else {
            print(usage)
            return 0
        }
        do {
            if command == "schedule" {
                let options = try parseSchedule(Array(arguments.dropFirst()))
                ScheduleBenchmark.run(days: options.days, identifiers: options.identifiers, rounds: options.rounds)
                return 0
            }
            if try runDashboardBenchmarks(command, Array(arguments.dropFirst())) { return 0 }
            if try runScaleBenchmarks(command, Array(arguments.dropFirst())) { return 0 }
            guard command == "transfer" else {
                throw BenchError(
                    "unknown benchmark '\(command)'; they are 'transfer', 'schedule', 'render', 'idle', 'dashboard', "
                        + "'digest', 'limit', 'many', 'add-list' and 'big-home'"
                )
            }
            var benchmark = TransferBenchmark(options: try parse(Array(arguments.dropFirst())))
            let signalSources = Cleanup.shared.install()
            defer { withExtendedLifetime(signalSources) {} }
            try benchmark.run()
            return 0
        } catch {
            if Cleanup.shared.isInterrupted { Cleanup.shared.awaitInterruptedExit() }
            FileHandle.standardError.write(Data("offstage-bench: \(error)\n".utf8))
            return 1
        }
    }
}

signal(SIGPIPE, SIG_IGN)
exit(BenchCommandLine.run(Array(CommandLine.arguments.dropFirst())))
