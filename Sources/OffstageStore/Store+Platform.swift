import Foundation
import OffstageCore

/// The home's simulated platform, as `offstage device platform` chose it.
extension Schema {
    /// Version 9: the platform profile chosen for this home (`ios`, `android` or `both`), one row; no row means
    /// nobody chose one, so `config/android.json` decides (by default `ios`).
    static let version9 = Migration(
        summary: "the chosen platform",
        sql: """
            CREATE TABLE platform (
                id INTEGER PRIMARY KEY CHECK (id = 1),
                profile TEXT NOT NULL
            );
            """
    )
}

extension Store {
    /// The platform chosen for this home, or nil when none was (then `config/android.json` decides).
    ///
    /// Throws `StoreError.invalidRow` when the stored value is not a profile.
    public func loadPlatform() throws -> PlatformProfile? {
        let stored = try withDatabase { database in
            try database.query("SELECT profile FROM platform WHERE id = 1", table: "platform") { $0.string(0) }.first
        }
        guard let stored else { return nil }
        guard let profile = PlatformProfile(rawValue: stored) else {
            let names = PlatformProfile.allCases.map(\.rawValue).joined(separator: ", ")
            throw StoreError.invalidRow(
                table: "platform", detail: "\(TransferDaemon.printable(stored)) is not one of \(names)")
        }
        return profile
    }

    /// Writes the chosen platform inside an already open transaction.
    func write(platform: PlatformProfile, into database: Database) throws {
        try database.run("INSERT OR REPLACE INTO platform (id, profile) VALUES (1, ?)", [.text(platform.rawValue)])
    }
}
