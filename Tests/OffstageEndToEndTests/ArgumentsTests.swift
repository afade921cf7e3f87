import Testing

@testable import offstage

/// `Arguments` parses what the command's spec describes: any of an option's names, `--name=value`, `--`.
@Suite struct ArgumentsTests {
    @Test func aliasesReadUnderAnyOfTheirNames() throws {
        let args = try Arguments(["http://h/x", "--output", "f.bin", "-s", "-u", "me"], spec: CommandCatalog.get)
        #expect(args.positionals == ["http://h/x"])
        #expect(args.value("-o") == "f.bin")
        #expect(args.value("--output") == "f.bin")
        #expect(args.flag("--quiet") && args.flag("-s"))
        #expect(args.value("--user") == "me")
        #expect(!args.flag("--create-dirs"))
    }

    @Test func inlineValuesAndTheEndOfOptions() throws {
        let args = try Arguments(["--limit=5", "--", "--json", "-x"], spec: CommandCatalog.events)
        #expect(args.value("--limit") == "5")
        #expect(!args.flag("--json"))
        #expect(args.positionals == ["--json", "-x"])
    }

    @Test func negativeNumbersArePositionals() throws {
        let args = try Arguments(["-5"], spec: CommandCatalog.pause)
        #expect(args.positionals == ["-5"])
    }

    @Test(arguments: [
        (["--bogus"], "unknown option --bogus (see offstage ls --help)"),
        (["--json=yes"], "--json takes no value"),
    ])
    func errorsNameTheOptionAndTheHelp(raw: [String], message: String) {
        #expect(throws: (any Error).self) { try Arguments(raw, spec: CommandCatalog.ls) }
        do {
            _ = try Arguments(raw, spec: CommandCatalog.ls)
        } catch let error as CLIError {
            #expect(error.description == message)
            #expect(error.exitCode == 2)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func aMissingValueIsAUsageError() {
        do {
            _ = try Arguments(["--limit"], spec: CommandCatalog.events)
            Issue.record("--limit without a value was accepted")
        } catch let error as CLIError {
            #expect(error.description == "--limit needs a value")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func helpIsAskedWhereAnOptionCouldStandOnly() {
        #expect(CommandCatalog.add.asksForHelp(["http://h/x", "--help"]))
        #expect(CommandCatalog.add.asksForHelp(["-h"]))
        #expect(!CommandCatalog.add.asksForHelp(["http://h/x", "--description", "--help"]))
        #expect(!CommandCatalog.add.asksForHelp(["--", "--help"]))
        #expect(CommandCatalog.device.asksForHelp(["wifi", "--help"]))
    }
}
