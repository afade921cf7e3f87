import Foundation
import OffstageTestSupport
import Testing

/// The help, the version and the errors of the real binary, all made from the one command catalog.
@Suite struct CommandHelpTests {
    /// The commands the overview lists (the first word of each row, and its aliases unless `aliases` is false),
    /// read from `offstage --help`.
    static func commandNames(aliases: Bool = true) throws -> [String] {
        let folder = try TemporaryFolder("help-names")
        let overview = try OffstageBinary(home: folder.path + "/home").run(["--help"]).stdout
        let rows = overview.components(separatedBy: "\ncommands:\n")[1].components(separatedBy: "\n\n")[0]
        return rows.split(separator: "\n").filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }.flatMap {
            $0.split(separator: " ")[0].split(separator: "|").prefix(aliases ? 10 : 1).map(String.init)
        }.filter { $0 != "(none)" }
    }

    /// The options a command's help lists: every word of its option rows that starts with `-`.
    static func options(inHelp help: String) -> [(name: String, takesValue: Bool)] {
        guard let section = help.components(separatedBy: "\noptions:\n").dropFirst().first else { return [] }
        let rows = section.components(separatedBy: "\n\n")[0].split(separator: "\n").filter {
            $0.trimmingCharacters(in: .whitespaces).hasPrefix("-")
        }
        return rows.flatMap { row -> [(name: String, takesValue: Bool)] in
            let label = row.trimmingCharacters(in: .whitespaces).components(separatedBy: "  ")[0]
            let words = label.split(separator: " ").map { String($0).trimmingCharacters(in: [","]) }
            let names = words.filter { $0.hasPrefix("-") }
            let takesValue = words.contains { !$0.hasPrefix("-") }
            return names.map { ($0, takesValue) }
        }
    }

    @Test func theOverviewListsEveryCommandAndExitsZero() throws {
        let folder = try TemporaryFolder("help-overview")
        let binary = try OffstageBinary(home: folder.path + "/home")
        let names = try Self.commandNames()
        #expect(names.count >= 25, "\(names)")
        for words in [["--help"], ["-h"], ["help"]] {
            let result = try binary.run(words)
            #expect(result.status == 0)
            #expect(result.stderr.isEmpty)
            #expect(result.stdout.hasPrefix("usage: offstage [--home DIR]"))
            for option in ["--home DIR", "--version", "--config DIR"] { #expect(result.stdout.contains(option)) }
        }
        for name in ["add", "get", "origin", "app", "device", "clock", "session", "completion", "man"] {
            #expect(names.contains(name))
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/home"), "help created the home")
    }

    @Test func everyCommandsHelpNamesItListsItsOptionsAndExitsZero() throws {
        let folder = try TemporaryFolder("help-each")
        let binary = try OffstageBinary(home: folder.path + "/home")
        for name in try Self.commandNames() {
            let help = try binary.run([name, "--help"])
            #expect(help.status == 0, "\(name) --help: \(help.stderr)")
            #expect(help.stderr.isEmpty, "\(name) --help: \(help.stderr)")
            #expect(help.stdout.hasPrefix("usage: offstage "), "\(name)")
            #expect(help.stdout.contains("offstage \(name)"), "\(name) --help does not name it")
            #expect(try binary.run([name, "-h"]).stdout == help.stdout, "\(name) -h")
            #expect(try binary.run(["help", name]).stdout == help.stdout, "help \(name)")
            #expect(help.stdout.split(separator: "\n").allSatisfy { $0.count <= 100 }, "\(name): a line over 100")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/home"), "help created the home")
    }

    /// Every option a help lists is one the parser knows: without its value it "needs a value", and a flag given a
    /// value "takes no value" (never "unknown option"), so nothing is run.
    @Test func everyListedOptionIsParsed() throws {
        let folder = try TemporaryFolder("help-parsed")
        let binary = try OffstageBinary(home: folder.path + "/home")
        var checked = 0
        for name in try Self.commandNames() {
            let options = Self.options(inHelp: try binary.run([name, "--help"]).stdout)
            for option in options {
                let word = option.takesValue ? option.name : option.name + "=x"
                let result = try binary.run([name, word])
                let expected = option.takesValue ? "\(option.name) needs a value" : "\(option.name) takes no value"
                let canTakeInline = option.name.hasPrefix("--") || option.takesValue
                guard canTakeInline else { continue }
                #expect(result.status == 2, "\(name) \(word)")
                #expect(result.stderr == "offstage: \(expected)\n", "\(name) \(word): \(result.stderr)")
                checked += 1
            }
        }
        #expect(checked > 60, "only \(checked) options checked")
    }

    /// The options the code reads (`args.value("…")`, `args.flag("…")`, `args.integer("…"`) are all in the help of
    /// the command whose spec it parses with: nothing is read that the help does not list.
    @Test func everyOptionTheCodeReadsIsInItsCommandsHelp() throws {
        let folder = try TemporaryFolder("help-source")
        let binary = try OffstageBinary(home: folder.path + "/home")
        let sources = CommandHelpTests.repository.appendingPathComponent("Sources/offstage")
        let files = try FileManager.default.subpathsOfDirectory(atPath: sources.path).filter { $0.hasSuffix(".swift") }
        let specPattern = try NSRegularExpression(
            pattern: #"Arguments\(raw, spec: (?:CommandCatalog\.command\(named: \w+\) \?\? )?CommandCatalog\.(\w+)\)"#)
        let readPattern = try NSRegularExpression(pattern: #"args\.(?:value|flag|integer)\("(-[^"]+)""#)
        var read = 0
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            let range = NSRange(text.startIndex..., in: text)
            let specs = specPattern.matches(in: text, range: range).compactMap {
                Range($0.range(at: 1), in: text).map { String(text[$0]) }
            }
            // GetCredentials reads the arguments `get` parsed; TransferOptionArguments those of `add` and `get`;
            // AddListCommand those `add` parsed.
            let shared = [
                "GetCredentials.swift": ["get"], "TransferOptionArguments.swift": ["add", "get"],
                "AddListCommand.swift": ["add"],
            ]
            let readers = shared.first { file.hasSuffix($0.key) }?.value
            let commands = readers ?? specs
            let names = readPattern.matches(in: text, range: range).compactMap {
                Range($0.range(at: 1), in: text).map { String(text[$0]) }
            }
            guard !names.isEmpty else { continue }
            #expect(readers != nil || commands.count == 1, "\(file) reads options but parses with \(commands)")
            for command in commands.prefix(readers == nil ? 1 : commands.count) {
                let help = try binary.run(command == "dashboard" ? ["--help"] : [command, "--help"]).stdout
                let listed = Set(Self.options(inHelp: help).map(\.name))
                for name in names {
                    #expect(listed.contains(name), "\(file) reads \(name), which `\(command) --help` does not list")
                    read += 1
                }
            }
        }
        #expect(read > 50, "only \(read) option reads found")
    }

    /// `get` retries by default; its help says how often and for how long (it did not).
    @Test func getsHelpGivesTheRetryDefault() throws {
        let folder = try TemporaryFolder("retry-help")
        let help = try OffstageBinary(home: folder.path + "/home").run(["get", "--help"])
        let text = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(text.contains("up to N times (0 to 100; default 7)"), "\(help.stdout)")
        #expect(text.contains("is retried 7 times by default, after waits of 1 s doubling to 64 s"), "\(help.stdout)")
        #expect(text.contains("64 s to 127 s in all with jitter, about 95 s"), "\(help.stdout)")
    }

    @Test func theVersionIsOneLineAndExitZero() throws {
        let folder = try TemporaryFolder("version")
        let binary = try OffstageBinary(home: folder.path + "/home")
        let version = try binary.run(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout.wholeMatch(of: /offstage \d+\.\d+\.\d+\n/) != nil, "\(version.stdout)")
        #expect(try binary.run(["version"]).stdout == version.stdout)
        // The User-Agent every request sends is the same version.
        let server = try HeaderCaptureServer()
        defer { server.stop() }
        let fetched = try binary.run(["get", "http://127.0.0.1:\(server.port)/ua", "-o", folder.path + "/ua"])
        #expect(fetched.status == 0, "\(fetched.stderr)")
        let number = version.stdout.dropFirst("offstage ".count).dropLast()
        #expect(server.received.first?.contains("\r\nUser-Agent: offstage/\(number)\r\n") == true)
    }

    @Test(arguments: [
        (["frobnicate"], "unknown command frobnicate (see offstage --help)"),
        (["help", "frobnicate"], "unknown command frobnicate (see offstage --help)"),
        (["add", "http://127.0.0.1/x", "--bogus"], "unknown option --bogus (see offstage add --help)"),
        (["origin", "--bogus=1"], "unknown option --bogus (see offstage origin --help)"),
        (["--bogus"], "unknown option --bogus (see offstage --help)"),
        (["completion", "fish"], "completion is for bash or zsh, not fish"),
    ])
    func unknownWordsAreOneLineExitTwoAndPointAtTheHelp(arguments: [String], message: String) throws {
        let folder = try TemporaryFolder("help-unknown")
        let result = try OffstageBinary(home: folder.path + "/home").run(arguments)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "offstage: \(message)\n")
    }

    @Test func helpAfterAnOptionsValueIsTheValue() throws {
        let folder = try TemporaryFolder("help-value")
        let binary = try OffstageBinary(home: folder.path + "/home")
        // `--name --help` names the file "--help": the command runs (and refuses the URL), it prints no help.
        let result = try binary.run(["add", "ftp://example.com/x", "--name", "--help"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("only http and https"))
    }

    /// The repository's root folder.
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
}
