extension StoryCatalog {
    /// `forceQuit`.
    static let forceQuit = #"""
        title forceQuit (to be written)
        say placeholder
        """#
}
