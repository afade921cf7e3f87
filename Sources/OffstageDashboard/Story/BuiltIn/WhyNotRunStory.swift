extension StoryCatalog {
    /// `whyNotRun`.
    static let whyNotRun = #"""
        title whyNotRun (to be written)
        say placeholder
        """#
}
