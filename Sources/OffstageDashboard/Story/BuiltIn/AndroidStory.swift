extension StoryCatalog {
    /// `android`.
    static let android = #"""
        title android (to be written)
        say placeholder
        """#
}
