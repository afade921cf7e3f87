import Foundation

extension Schema {
    /// Version 10: Low Data Mode among the device conditions, and whether the app created a task in the background
    /// (iOS treats such a task as discretionary; its reason says so after a restart too).
    static let version10 = Migration(
        summary: "low data mode, tasks created in the background",
        sql: """
            ALTER TABLE conditions ADD COLUMN low_data_mode INTEGER NOT NULL DEFAULT 0;
            ALTER TABLE tasks ADD COLUMN created_in_background INTEGER NOT NULL DEFAULT 0;
            """
    )
}
