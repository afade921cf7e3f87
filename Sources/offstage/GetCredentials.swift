import Foundation
import OffstageCore
import OffstageHTTP

/// The credentials a `get` sends, from the URL or from `--user NAME --password-stdin`, and its `--netrc-file`.
/// A password never has to be on the command line, where any local user can read it in `/proc/PID/cmdline`.
enum GetCredentials {
    /// The credentials for the URL's origin: `--user NAME` with the password read from standard input
    /// (`--password-stdin`), else the URL's own user information; nil when none were given.
    static func given(url: String, args: Arguments) throws -> OriginCredentials? {
        let user = args.value("--user") ?? args.value("-u")
        let fromURL = OriginCredentials(url: url)
        guard let origin = URLCredentials.origin(of: URLCredentials.stripped(url)) else { return fromURL }
        if let user {
            guard fromURL == nil else { throw CLIError.usage("give the user either in the URL or with --user, not both") }
            guard !user.isEmpty, !user.contains(":") else {
                throw CLIError.usage(
                    "--user takes a name only: a password on the command line can be read by any local user in "
                        + "/proc/PID/cmdline; add --password-stdin and pipe the password in")
            }
            guard args.flag("--password-stdin") else {
                throw CLIError.usage("--user needs --password-stdin (the password is read from standard input)")
            }
            return OriginCredentials(userInfo: encoded(user) + ":" + encoded(try readPassword()), origin: origin)
        }
        guard args.flag("--password-stdin") else { return fromURL }
        guard let fromURL, !fromURL.userInfo.contains(":") else {
            throw CLIError.usage("--password-stdin needs a user: --user NAME, or a URL like https://NAME@host/")
        }
        return OriginCredentials(userInfo: fromURL.userInfo + ":" + encoded(try readPassword()), origin: origin)
    }

    /// `--netrc-file FILE`: a readable regular file, as an absolute path.
    static func netrcFile(_ path: String) throws -> String {
        try InputValidation.readableFile(path)
    }

    /// The first line of standard input, without its line ending; an empty password is refused.
    private static func readPassword() throws -> String {
        guard let line = readLine(strippingNewline: true) else {
            throw CLIError.usage("--password-stdin: standard input ended before a password")
        }
        let password = line.hasSuffix("\r") ? String(line.dropLast()) : line
        guard !password.isEmpty else { throw CLIError.usage("--password-stdin: the password is empty") }
        return password
    }

    /// Percent-encodes what would break `user:password` (the engine decodes user information before sending).
    private static func encoded(_ text: String) -> String {
        var allowed = CharacterSet.urlUserAllowed
        allowed.remove(charactersIn: ":%@")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}
