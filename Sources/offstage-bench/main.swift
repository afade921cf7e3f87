import Foundation
import Glibc

/// The command line of `offstage-bench`: `transfer [--size S] [--rounds N] [--dir D] [--offstage PATH] [--json]`.
enum BenchCommandLine {
    static let usage = """
        usage: offstage-bench transfer [--size 1g] [--rounds 5] [--dir DIR] [--offstage PATH] [--json]
               offstage-bench schedule [--days 30] [--identifiers 100] [--rounds 5]

          Downloads a generated file from a private nginx on 127.0.0.1 with curl, offstage (fresh home per run)
          and, when installed, wget and aria2c: one warm-up round, then alternating timed rounds.
          --size     file size, e.g. 256m, 1g (binary units; default 1g)
          --rounds   timed rounds after the warm-up (default 5)
          --dir      work dir (default $TMPDIR/offstage-bench; the source file is kept there and reused)
          --offstage the offstage binary (default: the one beside offstage-bench)
          --json     print the figures as JSON after the table

          schedule replays the BG task scheduler's policy in virtual time (the `offstage simulate` engine) for
          --days days with --identifiers identifiers and prints the wall time against the 1 s target.
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
            guard command == "transfer" else {
                throw BenchError("unknown benchmark '\(command)'; they are 'transfer' and 'schedule'")
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
