import OffstageCore

/// A hand-rolled parser for `command [positionals] [--flag] [--option value]` (no dependencies allowed), driven by
/// the command's `CommandSpec`: what it parses is what its help lists.
struct Arguments {
    /// Words that are not options, in order.
    private(set) var positionals: [String] = []
    /// The command whose options these are.
    private let spec: CommandSpec
    /// Option values by canonical name.
    private var values: [String: String] = [:]
    /// The flags given, by canonical name.
    private var flags: Set<String> = []
    /// Every value of each option, in the order given (an option given twice keeps both here).
    private var lists: [String: [String]] = [:]

    /// Parses `raw` with the options and flags of `spec` (any of an option's names; `--name=value`; `--` ends the
    /// options); anything else is a usage error.
    init(_ raw: [String], spec: CommandSpec) throws {
        self.spec = spec
        var index = 0
        while index < raw.count {
            let word = raw[index]
            index += 1
            if word == "--" {
                positionals += raw[index...]
                break
            }
            guard word.hasPrefix("-"), word.count > 1, Double(word) == nil else {
                positionals.append(word)
                continue
            }
            var name = word
            var inline: String?
            if let equals = word.firstIndex(of: "="), word.hasPrefix("--") {
                name = String(word[..<equals])
                inline = String(word[word.index(after: equals)...])
            }
            guard let option = spec.option(named: name) else {
                throw CLIError.usage(
                    "unknown option \(TransferDaemon.printable(name)) (see \(spec.invocation) --help)")
            }
            if option.value == nil {
                guard inline == nil else { throw CLIError.usage("\(name) takes no value") }
                flags.insert(option.canonical)
            } else if let inline {
                values[option.canonical] = inline
                lists[option.canonical, default: []].append(inline)
            } else {
                guard index < raw.count else { throw CLIError.usage("\(name) needs a value") }
                values[option.canonical] = raw[index]
                lists[option.canonical, default: []].append(raw[index])
                index += 1
            }
        }
    }

    /// The value of an option, if given, by any of its names.
    func value(_ name: String) -> String? { spec.option(named: name).flatMap { values[$0.canonical] } }

    /// Every value an option was given, in order (`--tag a --tag b`), by any of its names.
    func values(_ name: String) -> [String] { spec.option(named: name).flatMap { lists[$0.canonical] } ?? [] }

    /// The canonical names of the options and flags given.
    var given: Set<String> { flags.union(values.keys) }

    /// Whether a flag was given, by any of its names.
    func flag(_ name: String) -> Bool { spec.option(named: name).map { flags.contains($0.canonical) } ?? false }

    /// The only positional, or a usage error naming what was expected.
    func single(_ what: String) throws -> String {
        guard positionals.count == 1 else {
            throw CLIError.usage(positionals.isEmpty ? "missing \(what)" : "unexpected argument \(positionals[1])")
        }
        return positionals[0]
    }

    /// No positionals are allowed.
    func none() throws {
        if let extra = positionals.first { throw CLIError.usage("unexpected argument \(extra)") }
    }

    /// An integer option, validated.
    func integer(_ name: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let text = value(name) else { return nil }
        // ASCII digits only (no sign, white space or other scripts' digits): see `NumberText`.
        guard let number = NumberText.wholeNumber(Substring(text)), range.contains(number) else {
            throw CLIError.usage(
                "\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound), not "
                    + TransferDaemon.printable(text))
        }
        return number
    }
}
