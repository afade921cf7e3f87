/// `NetworkType`: the network a work request's constraints require.
public enum WorkNetworkType: String, Codable, Sendable, CaseIterable {
    /// No network needed.
    case notRequired = "not-required"
    /// Any working network.
    case connected
    /// An unmetered network (Wi-Fi here).
    case unmetered
    /// Any network but not while roaming.
    case notRoaming = "not-roaming"
    /// A metered network (cellular here).
    case metered
}
