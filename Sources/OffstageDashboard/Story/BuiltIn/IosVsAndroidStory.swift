extension StoryCatalog {
    /// `iosVsAndroid`.
    static let iosVsAndroid = #"""
        title iosVsAndroid (to be written)
        say placeholder
        """#
}
