/// Decoding for configuration types whose files may set only what they change.
extension KeyedDecodingContainer {
    /// The value for `key`, or `fallback` when the key is missing.
    func decode<T: Decodable>(_ key: Key, default fallback: T) throws -> T {
        try decodeIfPresent(T.self, forKey: key) ?? fallback
    }
}
