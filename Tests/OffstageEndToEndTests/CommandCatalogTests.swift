import Testing

@testable import offstage

/// The catalog itself: names that cannot clash, and a help that lists everything each spec parses.
@Suite struct CommandCatalogTests {
    /// Every spec: the dashboard and the commands.
    static let specs = [CommandCatalog.dashboard] + CommandCatalog.commands

    @Test func commandNamesAreUnique() {
        let names = CommandCatalog.commands.flatMap(\.names)
        #expect(Set(names).count == names.count, "\(names)")
        #expect(!names.contains(""))
    }

    @Test func eachNameFindsItsOwnCommandAndNothingElseFindsOne() {
        for spec in CommandCatalog.commands {
            for name in spec.names { #expect(CommandCatalog.command(named: name)?.name == spec.name, "\(name)") }
        }
        for word in ["", "dashboard", "LS", "list ", "lists", "get2", "--help"] {
            #expect(CommandCatalog.command(named: word) == nil, "\(word)")
        }
    }

    @Test(arguments: specs.map(\.name))
    func optionNamesAreUniqueAndNeverShadowTheHelp(name: String) throws {
        let spec = try #require(Self.specs.first { $0.name == name })
        let names = spec.options.flatMap(\.names)
        #expect(Set(names).count == names.count, "\(spec.invocation): \(names)")
        #expect(CommandCatalog.helpNames.isDisjoint(with: names), "\(spec.invocation) takes -h or --help itself")
        #expect(!names.contains("--home"), "--home is read before the command")
        for option in names { #expect(option.hasPrefix("-") && !option.contains("="), "\(option)") }
    }

    @Test(arguments: specs.map(\.name))
    func theUsageListsEveryOptionWithItsValueAndEverySubcommand(name: String) throws {
        let spec = try #require(Self.specs.first { $0.name == name })
        let usage = spec.name.isEmpty ? HelpText.overview() : HelpText.usage(of: spec)
        for option in spec.options {
            #expect(usage.contains(HelpText.label(option)), "\(option.names)")
            #expect(usage.contains(option.help.split(separator: " ").prefix(4).joined(separator: " ")))
        }
        for sub in spec.subcommands { #expect(usage.contains("  \(sub.name)"), "\(spec.invocation) \(sub.name)") }
        if !spec.name.isEmpty { #expect(usage.hasPrefix("usage: \(spec.invocation)")) }
    }

    @Test("the overview's dashboard row names every option the dashboard takes, from the catalog")
    func theOverviewsDashboardRowNamesEveryDashboardOption() throws {
        let overview = HelpText.overview()
        let row = try #require(overview.split(separator: "\n").first { $0.hasPrefix("  (none)") })
        for option in CommandCatalog.dashboard.options {
            #expect(row.contains("[\(HelpText.label(option))]"), "\(option.names)")
        }
        #expect(row.contains("[--record FILE.cast]") && row.contains("[--no-notify]"))
    }

    @Test("no help line is wider than the help's width")
    func everyHelpLineFits() {
        let texts = [HelpText.overview()] + CommandCatalog.commands.map { HelpText.usage(of: $0) }
        for line in texts.flatMap({ $0.split(separator: "\n") }) {
            #expect(line.count <= HelpText.width, "\(line)")
        }
    }

    @Test func valuePlaceholdersChooseTheCompletion() {
        #expect(ValueCompletion(placeholder: "FILE") == .files)
        #expect(ValueCompletion(placeholder: "PATH") == .files)
        #expect(ValueCompletion(placeholder: "DIR") == .directories)
        #expect(ValueCompletion(placeholder: "on|off") == .words(["on", "off"]))
        #expect(ValueCompletion(placeholder: "URL") == .none)
        #expect(ValueCompletion(placeholder: nil) == .none)
        #expect(CommandCatalog.upload.takesFiles && CommandCatalog.app.takesFiles && !CommandCatalog.get.takesFiles)
    }

    @Test func helpTextWrapsAtTheWidth() {
        let lines = HelpText.wrap(String(repeating: "word ", count: 60), width: 30)
        #expect(lines.count > 5)
        #expect(lines.allSatisfy { $0.count <= 30 && !$0.hasPrefix(" ") && !$0.hasSuffix(" ") })
    }

    @Test func roffEscapesHyphensBackslashesAndNonASCII() {
        #expect(ManPage.escape("--a\\b …") == "\\-\\-a\\eb \\[u2026]")
    }
}
