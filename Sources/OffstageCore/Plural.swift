/// Counts in words with the right number: `1 attempt`, `3 attempts`, `1 byte`, `0 bytes`.
public enum Plural {
    /// `count` and the noun, singular for exactly one and plural (`plural`, else the noun + `s`) otherwise.
    public static func count(_ count: some BinaryInteger, _ noun: String, plural: String? = nil) -> String {
        "\(count) " + (count == 1 ? noun : plural ?? noun + "s")
    }
}
