/// The program's version: the one place it is defined (`--version`, the help, the man page, the completion scripts
/// and the User-Agent every request sends all read it).
public enum OffstageVersion {
    /// `0.9.0`.
    public static let number = "0.9.0"
    /// The User-Agent requests send: `offstage/0.9.0`.
    public static var userAgent: String { "offstage/\(number)" }
}
