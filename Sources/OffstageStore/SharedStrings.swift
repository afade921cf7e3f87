/// One copy of each text that many rows repeat (a task's session, its destination folder): a string read from a row
/// is a new allocation of its own, so 100,000 tasks of one session held 100,000 copies of its name.
struct SharedStrings {
    /// The texts seen so far, each held once.
    private var seen: Set<String> = []

    /// Replaces `text` with the copy seen before when there is one (equal text, shared storage).
    mutating func share(_ text: inout String) {
        if let index = seen.firstIndex(of: text) {
            text = seen[index]
        } else if seen.count < 4096 {
            seen.insert(text)
        }
    }
}
