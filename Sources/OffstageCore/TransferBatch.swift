/// Downloads added together from a list (`offstage add --input-file`, aria2's `-i`): one set of options for every
/// URL, all created in one transaction or none.
public struct TransferBatch: Codable, Sendable, Equatable {
    /// The options every task gets; its `url` is not used.
    public var template: TransferSpec
    /// The URLs (without credentials), in the list's order: the task of `urls[i]` gets the reserved id `first + i`.
    public var urls: [String]
    /// Where the list came from, for the log line (a file name, or "standard input").
    public var source: String

    /// The most URLs one batch holds: more is refused before anything is made, so a runaway list cannot fill the
    /// store or the memory.
    public static let maximumCount = 1_000_000

    /// A batch of downloads with `template`'s options.
    public init(template: TransferSpec, urls: [String], source: String) {
        self.template = template
        self.urls = urls
        self.source = source
    }

    /// The spec of the task for `url`.
    public func spec(for url: String) -> TransferSpec {
        var spec = template
        spec.url = url
        return spec
    }
}
