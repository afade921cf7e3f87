import Foundation
import Testing

/// The completion scripts, the man page and the README's help blocks: made from the same catalog as the parser.
@Suite struct GeneratedDocsTests {
    /// Every command with the options its help lists.
    static func catalog(_ binary: OffstageBinary) throws -> [(command: String, options: [String])] {
        try CommandHelpTests.commandNames().map { name in
            (name, CommandHelpTests.options(inHelp: try binary.run([name, "--help"]).stdout).map(\.name))
        }
    }

    @Test(arguments: ["bash", "zsh"])
    func theCompletionScriptHasEveryCommandAndOption(shell: String) throws {
        let folder = try TemporaryFolder("completion-\(shell)")
        let binary = try OffstageBinary(home: folder.path + "/home")
        let result = try binary.run(["completion", shell])
        #expect(result.status == 0)
        let script = result.stdout
        let words = Set(script.split(whereSeparator: { " \t\n'\"|(){},[]:;\\".contains($0) }).map(String.init))
        for (command, options) in try Self.catalog(binary) {
            #expect(words.contains(command), "\(shell) script lacks the command \(command)")
            for option in options { #expect(words.contains(option), "\(shell) script lacks \(command) \(option)") }
        }
        for subcommand in ["warp", "force-quit", "mistake", "low-power", "in-use", "processing"] {
            #expect(words.contains(subcommand), "\(shell) script lacks the subcommand \(subcommand)")
        }
        #expect(script.contains(shell == "bash" ? "compgen -d" : "_files -/"), "DIR values complete directories")
        #expect(script.contains(shell == "bash" ? "compgen -f" : "_files"), "FILE values complete files")
    }

    /// Runs bash with `script`, or nil when this machine has no bash.
    private func bash(_ arguments: [String]) throws -> (status: Int32, output: String)? {
        guard FileManager.default.isExecutableFile(atPath: "/bin/bash") else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    @Test func bashAcceptsTheScriptAndItCompletes() throws {
        let folder = try TemporaryFolder("completion-run")
        let binary = try OffstageBinary(home: folder.path + "/home")
        let path = folder.path + "/offstage.bash"
        try binary.run(["completion", "bash"]).stdout.write(toFile: path, atomically: true, encoding: .utf8)
        guard let syntax = try bash(["-n", path]) else { return }
        #expect(syntax.status == 0, "bash -n: \(syntax.output)")
        try FileManager.default.createDirectory(atPath: folder.path + "/somedir", withIntermediateDirectories: true)
        let cases: [([String], String)] = [
            (["offstage", "ge"], "get"),
            (["offstage", "get", "--out"], "--output"),
            (["offstage", "upload", "x", "--method", "P"], "POST PUT"),
            (["offstage", "device", "charging", ""], "off on"),
            (["offstage", "device", "platform", ""], "android both ios"),
            (["offstage", "device", "pl"], "platform"),
            (["offstage", "clock", "f"], "freeze"),
            (["offstage", "--home", folder.path + "/some"], folder.path + "/somedir"),
            (["offstage", "add", "http://h/x", "--dir", folder.path + "/so"], folder.path + "/somedir"),
        ]
        for (words, expected) in cases {
            let quotedWords = words.map { "'\($0)'" }.joined(separator: " ")
            let program = """
                source '\(path)'
                COMP_WORDS=(\(quotedWords)); COMP_CWORD=\(words.count - 1); _offstage
                printf '%s\\n' "${COMPREPLY[@]}" | sort | tr '\\n' ' '
                """
            let result = try #require(try bash(["-c", program]))
            #expect(result.output.trimmingCharacters(in: .whitespaces) == expected, "\(words): \(result.output)")
        }
    }

    @Test func theManPageHasItsSectionsEveryCommandAndOption() throws {
        let folder = try TemporaryFolder("man")
        let binary = try OffstageBinary(home: folder.path + "/home")
        let result = try binary.run(["man"])
        #expect(result.status == 0)
        let page = result.stdout
        #expect(page.contains("\n.TH OFFSTAGE 1 "))
        for section in [".SH NAME\noffstage \\- ", ".SH SYNOPSIS\n", ".SH COMMANDS\n", ".SH EXIT STATUS\n"] {
            #expect(page.contains(section), "no \(section)")
        }
        for (command, options) in try Self.catalog(binary) {
            let heading = "\n.SS \"offstage \(command.replacingOccurrences(of: "-", with: "\\-"))"
            #expect(page.contains(heading) || page.contains("Also: \(command)"), "the man page lacks \(command)")
            for option in options {
                #expect(page.contains("\\fB\(option.replacingOccurrences(of: "-", with: "\\-"))\\fR"), "\(option)")
            }
        }
        // No line of running text may start with a dot or quote that roff would read as a request.
        for line in page.split(separator: "\n") where line.hasPrefix(".") || line.hasPrefix("'") {
            let request = line.dropFirst().prefix { $0 != " " }
            #expect(["TH", "SH", "SS", "TP", "PP", "B", "I", "br", "\\\""].contains(String(request)), "\(line)")
        }
    }

    /// Every fenced block of the README that starts with `$ offstage … --help` is that command's output, exactly, and
    /// there is one for the overview and for every command. `RECORD_README=1` rewrites the blocks (and fails).
    @Test func theREADMEsHelpBlocksAreWhatTheBinaryPrints() throws {
        let folder = try TemporaryFolder("readme-help")
        let binary = try OffstageBinary(home: folder.path + "/home")
        let path = CommandHelpTests.repository.appendingPathComponent("README.md").path
        let readme = try String(contentsOfFile: path, encoding: .utf8)
        let marker = "```\n$ offstage "
        var pieces = readme.components(separatedBy: marker)
        var shown: [String] = []
        for index in pieces.indices.dropFirst() {
            let block = pieces[index]
            guard let end = block.range(of: "\n```\n") else {
                Issue.record("an unterminated block: \(block.prefix(40))")
                continue
            }
            let command = String(block.prefix { $0 != "\n" })
            // Only the help blocks: the README shows other commands' output too, with live numbers.
            guard command.hasSuffix("--help") else { continue }
            let printed = String(block[block.index(block.startIndex, offsetBy: command.count + 1)..<end.lowerBound])
            let result = try binary.run(command.split(separator: " ").map(String.init))
            #expect(result.status == 0)
            #expect(printed + "\n" == result.stdout, "README's `offstage \(command)` block differs (RECORD_README=1)")
            pieces[index] = command + "\n" + result.stdout + "```\n" + String(block[end.upperBound...])
            shown.append(command)
        }
        if ProcessInfo.processInfo.environment["RECORD_README"] == "1" {
            try pieces.joined(separator: marker).write(toFile: path, atomically: true, encoding: .utf8)
            Issue.record("recorded the README's help blocks; inspect them and run again without RECORD_README")
        }
        #expect(shown.contains("--help"))
        for name in try CommandHelpTests.commandNames(aliases: false) {
            #expect(shown.contains("\(name) --help"), "README has no `$ offstage \(name) --help` block")
        }
    }
}
