import OffstageCore

/// A hand-rolled parser for `command [positionals] [--flag] [--option value]` (no dependencies allowed).
struct Arguments {
    /// Words that are not options, in order.
    private(set) var positionals: [String] = []
    private var values: [String: String] = [:]
    private var flags: Set<String> = []

    /// Parses `raw` given the option names that take a value and the flags that do not; anything else is a usage error.
    init(_ raw: [String], options: Set<String> = [], flags: Set<String> = []) throws {
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
            if flags.contains(name) {
                guard inline == nil else { throw CLIError.usage("\(name) takes no value") }
                self.flags.insert(name)
            } else if options.contains(name) {
                if let inline {
                    values[name] = inline
                } else {
                    guard index < raw.count else { throw CLIError.usage("\(name) needs a value") }
                    values[name] = raw[index]
                    index += 1
                }
            } else {
                throw CLIError.usage("unknown option \(name)")
            }
        }
    }

    /// The value of an option, if given.
    func value(_ name: String) -> String? { values[name] }

    /// Whether a flag was given.
    func flag(_ name: String) -> Bool { flags.contains(name) }

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
