import Foundation

/// What a user asks of a transfer beyond its URL, and the engine's own settings.
extension Schema {
    /// Version 8: each task's options (rate limit, checksum, headers without credential values, compression) as
    /// JSON, the `Content-Encoding` its body came with and where its checksum check is; and one row of engine-wide
    /// settings (the rate limit `offstage limit` sets), kept across restarts. Older tasks get no options.
    static let version8 = Migration(
        summary: "transfer options and engine settings",
        sql: """
            ALTER TABLE tasks ADD COLUMN options TEXT;
            ALTER TABLE tasks ADD COLUMN content_encoding TEXT;
            ALTER TABLE tasks ADD COLUMN checksum_state TEXT;
            CREATE TABLE transfer_settings (
                id INTEGER PRIMARY KEY CHECK (id = 1),
                rate_limit INTEGER
            );
            """
    )
}
