import Foundation
import OffstageTestSupport
import Testing

@testable import offstage

/// The completion scripts, the man page and the documents' help blocks: made from the same catalog as the parser.
@Suite struct GeneratedDocsTests {
    /// Every command with the options its help lists.
    static func catalog(_ binary: OffstageBinary) throws -> [(command: String, options: [String])] {
        try CommandHelpTests.commandNames().map { name in
            (name, CommandHelpTests.options(inHelp: try binary.run([name, "--help"]).stdout).map(\.name))
        }
    }

    @Test(arguments: ["bash", "zsh"])
    func theCompletionScriptHasEveryCommandAndOption(shell: String) throws {
        let folder = try TemporaryHome(prefix: "offstage-e2e-completion-\(shell)")
        let binary = try OffstageBinary(home: folder.base + "/home")
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
        let folder = try TemporaryHome(prefix: "offstage-e2e-completion-run")
        let binary = try OffstageBinary(home: folder.base + "/home")
        let path = folder.base + "/offstage.bash"
        try binary.run(["completion", "bash"]).stdout.write(toFile: path, atomically: true, encoding: .utf8)
        guard let syntax = try bash(["-n", path]) else { return }
        #expect(syntax.status == 0, "bash -n: \(syntax.output)")
        try FileManager.default.createDirectory(atPath: folder.base + "/somedir", withIntermediateDirectories: true)
        let cases: [([String], String)] = [
            (["offstage", "ge"], "get"),
            (["offstage", "get", "--out"], "--output"),
            (["offstage", "upload", "x", "--method", "P"], "POST PUT"),
            (["offstage", "device", "charging", ""], "off on"),
            (["offstage", "device", "platform", ""], "android both ios"),
            (["offstage", "device", "pl"], "platform"),
            (["offstage", "clock", "f"], "freeze"),
            (["offstage", "--home", folder.base + "/some"], folder.base + "/somedir"),
            (["offstage", "add", "http://h/x", "--dir", folder.base + "/so"], folder.base + "/somedir"),
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
        let folder = try TemporaryHome(prefix: "offstage-e2e-man")
        let binary = try OffstageBinary(home: folder.base + "/home")
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

    /// The documents that show commands' output: the README and the DocC catalog's articles.
    static func documents() throws -> [String] {
        let catalog = CommandHelpTests.repository.appendingPathComponent("Sources/OffstageCore/OffstageCore.docc").path
        let articles = try FileManager.default.contentsOfDirectory(atPath: catalog).filter { $0.hasSuffix(".md") }
        return [CommandHelpTests.repository.appendingPathComponent("README.md").path]
            + articles.sorted().map { catalog + "/" + $0 }
    }

    /// Every fenced block of the README and the DocC catalog that starts with `$ offstage … --help` is that
    /// command's output, exactly, and the overview is among them. `RECORD_README=1` rewrites the blocks (and fails).
    @Test func theDocumentedHelpBlocksAreWhatTheBinaryPrints() throws {
        let folder = try TemporaryHome(prefix: "offstage-e2e-docs-help")
        let binary = try OffstageBinary(home: folder.base + "/home")
        let marker = "```\n$ offstage "
        var shown: [String] = []
        for path in try Self.documents() {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            var pieces = text.components(separatedBy: marker)
            for index in pieces.indices.dropFirst() {
                let block = pieces[index]
                guard let end = block.range(of: "\n```\n") else {
                    Issue.record("an unterminated block in \(path): \(block.prefix(40))")
                    continue
                }
                let command = String(block.prefix { $0 != "\n" })
                // Only the help blocks: the documents show other commands' output too, with live numbers.
                guard command.hasSuffix("--help") else { continue }
                let printed = String(
                    block[block.index(block.startIndex, offsetBy: command.count + 1)..<end.lowerBound])
                let result = try binary.run(command.split(separator: " ").map(String.init))
                #expect(result.status == 0)
                #expect(
                    printed + "\n" == result.stdout,
                    "\(path): `offstage \(command)` block differs (RECORD_README=1)")
                pieces[index] = command + "\n" + result.stdout + "```\n" + String(block[end.upperBound...])
                shown.append(command)
            }
            if ProcessInfo.processInfo.environment["RECORD_README"] == "1" {
                let recorded = pieces.joined(separator: marker)
                if recorded != text {
                    try recorded.write(toFile: path, atomically: true, encoding: .utf8)
                    Issue.record(
                        "recorded the help blocks of \(path); inspect them and run again without RECORD_README")
                }
            }
        }
        #expect(shown.contains("--help"), "no document shows the `$ offstage --help` overview")
    }

    /// The command reference is the manual page: it names every command of the catalog, under its own heading, and
    /// every alias.
    @Test func theManPageNamesEveryCommandOfTheCatalog() throws {
        let folder = try TemporaryHome(prefix: "offstage-e2e-man-catalog")
        let page = try OffstageBinary(home: folder.base + "/home").run(["man"]).stdout
        #expect(!CommandCatalog.commands.isEmpty)
        for spec in CommandCatalog.commands {
            let heading = "\n.SS \"offstage " + ManPage.escape(spec.name)
            #expect(
                page.contains(heading + " ") || page.contains(heading + "\""),
                "the man page has no section for \(spec.name)")
            if !spec.aliases.isEmpty {
                let also = "Also: " + spec.aliases.map(ManPage.escape).joined(separator: ", ") + "."
                #expect(page.contains("\n" + also + "\n"), "the man page does not name \(spec.aliases)")
            }
        }
    }
}
