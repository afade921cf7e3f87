/// A failure of the bench, printed as one line: `offstage-bench: <message>`.
struct BenchError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
