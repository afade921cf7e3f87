/// The text of a response header line from its bytes, as browsers read it.
///
/// HTTP field values are bytes: UTF-8 when they are valid UTF-8 (what servers that send non-ASCII names mostly
/// send, and how Firefox and Chrome read them), otherwise ISO-8859-1, one character per byte (RFC 9110's
/// `obs-text`, and what RFC 6266 says a plain `filename` holds). So `foo-\u{E4}.html` in ISO-8859-1 arrives as
/// `foo-ä.html`, not as `foo-�.html`, and two different names never collapse into one.
public enum HeaderText {
    /// The line as text: UTF-8 when valid, else ISO-8859-1.
    public static func decode(_ bytes: some Collection<UInt8>) -> String {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
    }
}
