import OffstageCore
import Testing

/// Julian Reschke's tc2231 cases (http://greenbytes.de/tech/tc2231/, the browser tests of RFC 6266 by one of its
/// authors): each header field value, as the raw bytes a server sends, through the whole path a name takes (the
/// header line decoded, `Content-Disposition` parsed, the name sanitised, else the URL's name) to the file name
/// Offstage saves under.
///
/// A header written here with a scalar under U+0100 stands for that byte (`\u{E4}` is the ISO-8859-1 byte 0xE4).
/// The expectation is tc2231's: a field the grammar does not make is ignored (the URL's name), a `filename*` that
/// is quoted or does not decode is ignored, `filename*` wins over RFC 2231 continuations, which win over
/// `filename`. One case follows the browsers instead: `attwithutf8fnplain` (UTF-8 bytes in `filename`) reads as
/// UTF-8, as Firefox and Chrome read it, where tc2231 asks for ISO-8859-1 (`foo-Ã¤.html`).
@Suite struct TC2231Tests {
    /// What a case should give.
    enum Expected: Sendable, Equatable {
        /// This file name.
        case name(String)
        /// No usable name in the header: the URL's own name (`CODE.asis` on the tc2231 server).
        case fallback
    }

    /// One tc2231 case.
    struct Case: Sendable, CustomTestStringConvertible {
        /// The case's name on the tc2231 page.
        let code: String
        /// The header field value, one scalar per byte.
        let header: String
        /// The name Offstage should save under.
        let expected: Expected
        var testDescription: String { code }

        init(_ code: String, _ header: String, _ expected: Expected) {
            self.code = code
            self.header = header
            self.expected = expected
        }

        /// The header's bytes.
        var bytes: [UInt8] { header.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) } }

        /// The URL the case is served from.
        var url: String { "http://greenbytes.de/tech/tc2231/\(code).asis" }

        /// The name expected, spelled out.
        var expectedName: String {
            switch expected {
            case .name(let name): return name
            case .fallback: return "\(code).asis"
            }
        }
    }

    static let cases: [Case] = [
        // Disposition type inline.
        Case("inlonly", "inline", .fallback),
        Case("inlonlyquoted", "\"inline\"", .fallback),
        Case("inlwithasciifilename", "inline; filename=\"foo.html\"", .name("foo.html")),
        Case("inlwithfnattach", "inline; filename=\"Not an attachment!\"", .name("Not an attachment!")),
        Case("inlwithasciifilenamepdf", "inline; filename=\"foo.pdf\"", .name("foo.pdf")),
        // Disposition type attachment.
        Case("attonly", "attachment", .fallback),
        Case("attonlyquoted", "\"attachment\"", .fallback),
        Case("attonly403", "attachment", .fallback),  // served with a 403: the download fails before any name
        Case("attonlyucase", "ATTACHMENT", .fallback),
        Case("attwithasciifilename", "attachment; filename=\"foo.html\"", .name("foo.html")),
        Case(
            "attwithasciifilename25", "attachment; filename=\"0000000000111111111122222\"",
            .name("0000000000111111111122222")),
        Case(
            "attwithasciifilename35", "attachment; filename=\"00000000001111111111222222222233333\"",
            .name("00000000001111111111222222222233333")),
        Case("attwithasciifnescapedchar", "attachment; filename=\"f\\oo.html\"", .name("foo.html")),
        Case(
            "attwithasciifnescapedquote", "attachment; filename=\"\\\"quoting\\\" tested.html\"",
            .name("\"quoting\" tested.html")),
        Case(
            "attwithquotedsemicolon", "attachment; filename=\"Here's a semicolon;.html\"",
            .name("Here's a semicolon;.html")),
        Case(
            "attwithfilenameandextparam", "attachment; foo=\"bar\"; filename=\"foo.html\"",
            .name("foo.html")),
        Case(
            "attwithfilenameandextparamescaped", "attachment; foo=\"\\\"\\\\\";filename=\"foo.html\"",
            .name("foo.html")),
        Case("attwithasciifilenameucase", "attachment; FILENAME=\"foo.html\"", .name("foo.html")),
        Case("attwithasciifilenamenq", "attachment; filename=foo.html", .name("foo.html")),
        Case("attwithtokfncommanq", "attachment; filename=foo,bar.html", .fallback),
        Case("attwithasciifilenamenqs", "attachment; filename=foo.html ;", .fallback),
        Case("attemptyparam", "attachment; ;filename=foo", .fallback),
        Case("attwithasciifilenamenqws", "attachment; filename=foo bar.html", .fallback),
        Case("attwithfntokensq", "attachment; filename='foo.bar'", .name("'foo.bar'")),
        Case("attwithisofnplain", "attachment; filename=\"foo-\u{E4}.html\"", .name("foo-ä.html")),
        Case(
            "attwithutf8fnplain", "attachment; filename=\"foo-\u{C3}\u{A4}.html\"", .name("foo-ä.html")),
        Case("attwithfnrawpctenca", "attachment; filename=\"foo-%41.html\"", .name("foo-%41.html")),
        Case("attwithfnusingpct", "attachment; filename=\"50%.html\"", .name("50%.html")),
        Case("attwithfnrawpctencaq", "attachment; filename=\"foo-%\\41.html\"", .name("foo-%41.html")),
        Case("attwithnamepct", "attachment; name=\"foo-%41.html\"", .fallback),
        Case(
            "attwithfilenamepctandiso", "attachment; filename=\"\u{E4}-%41.html\"", .name("ä-%41.html")),
        Case(
            "attwithfnrawpctenclong", "attachment; filename=\"foo-%c3%a4-%e2%82%ac.html\"",
            .name("foo-%c3%a4-%e2%82%ac.html")),
        Case("attwithasciifilenamews1", "attachment; filename =\"foo.html\"", .name("foo.html")),
        Case(
            "attwith2filenames", "attachment; filename=\"foo.html\"; filename=\"bar.html\"", .fallback),
        Case("attfnbrokentoken", "attachment; filename=foo[1](2).html", .fallback),
        Case("attfnbrokentokeniso", "attachment; filename=foo-\u{E4}.html", .fallback),
        Case("attfnbrokentokenutf", "attachment; filename=foo-\u{C3}\u{A4}.html", .fallback),
        Case("attmissingdisposition", "filename=foo.html", .fallback),
        Case("attmissingdisposition2", "x=y; filename=foo.html", .fallback),
        Case("attmissingdisposition3", "\"foo; filename=bar;baz\"; filename=qux", .fallback),
        Case("attmissingdisposition4", "filename=foo.html, filename=bar.html", .fallback),
        Case("emptydisposition", "; filename=foo.html", .fallback),
        Case("doublecolon", ": inline; attachment; filename=foo.html", .fallback),
        Case("attandinline", "inline; attachment; filename=foo.html", .fallback),
        Case("attandinline2", "attachment; inline; filename=foo.html", .fallback),
        Case("attbrokenquotedfn", "attachment; filename=\"foo.html\".txt", .fallback),
        Case("attbrokenquotedfn2", "attachment; filename=\"bar", .fallback),
        Case("attbrokenquotedfn3", "attachment; filename=foo\"bar;baz\"qux", .fallback),
        Case(
            "attmultinstances", "attachment; filename=foo.html, attachment; filename=bar.html", .fallback),
        Case("attmissingdelim", "attachment; foo=foo filename=bar", .fallback),
        Case("attmissingdelim2", "attachment; filename=bar foo=foo ", .fallback),
        Case("attmissingdelim3", "attachment filename=bar", .fallback),
        Case("attreversed", "filename=foo.html; attachment", .fallback),
        Case("attconfusedparam", "attachment; xfilename=foo.html", .fallback),
        Case("attabspath", "attachment; filename=\"/foo.html\"", .name("foo.html")),
        Case("attabspathwin", "attachment; filename=\"\\\\foo.html\"", .name("foo.html")),
        Case("attcdate", "attachment; creation-date=\"Wed, 12 Feb 1997 16:29:51 -0500\"", .fallback),
        Case(
            "attmdate", "attachment; modification-date=\"Wed, 12 Feb 1997 16:29:51 -0500\"", .fallback),
        Case("dispext", "foobar", .fallback),
        Case("dispextbadfn", "attachment; example=\"filename=example.txt\"", .fallback),
        // RFC 2231 / 5987 encoding: character sets.
        Case(
            "attwithisofn2231iso", "attachment; filename*=iso-8859-1''foo-%E4.html", .name("foo-ä.html")),
        Case(
            "attwithfn2231utf8", "attachment; filename*=UTF-8''foo-%c3%a4-%e2%82%ac.html",
            .name("foo-ä-€.html")),
        Case("attwithfn2231noc", "attachment; filename*=''foo-%c3%a4-%e2%82%ac.html", .fallback),
        Case(
            "attwithfn2231utf8comp", "attachment; filename*=UTF-8''foo-a%cc%88.html",
            .name("foo-a\u{308}.html")),
        Case(
            "attwithfn2231utf8-bad", "attachment; filename*=iso-8859-1''foo-%c3%a4-%e2%82%ac.html",
            .fallback),
        Case("attwithfn2231iso-bad", "attachment; filename*=utf-8''foo-%E4.html", .fallback),
        Case("attwithfn2231ws1", "attachment; filename *=UTF-8''foo-%c3%a4.html", .fallback),
        Case("attwithfn2231ws2", "attachment; filename*= UTF-8''foo-%c3%a4.html", .name("foo-ä.html")),
        Case("attwithfn2231ws3", "attachment; filename* =UTF-8''foo-%c3%a4.html", .name("foo-ä.html")),
        Case("attwithfn2231quot", "attachment; filename*=\"UTF-8''foo-%c3%a4.html\"", .fallback),
        Case("attwithfn2231quot2", "attachment; filename*=\"foo%20bar.html\"", .fallback),
        Case("attwithfn2231singleqmissing", "attachment; filename*=UTF-8'foo-%c3%a4.html", .fallback),
        Case("attwithfn2231nbadpct1", "attachment; filename*=UTF-8''foo%", .fallback),
        Case("attwithfn2231nbadpct2", "attachment; filename*=UTF-8''f%oo.html", .fallback),
        Case("attwithfn2231dpct", "attachment; filename*=UTF-8''A-%2541.html", .name("A-%41.html")),
        Case(
            "attwithfn2231abspathdisguised", "attachment; filename*=UTF-8''%5cfoo.html", .name("foo.html")
        ),
        // RFC 2231 encoding: continuations.
        Case("attfncont", "attachment; filename*0=\"foo.\"; filename*1=\"html\"", .name("foo.html")),
        Case(
            "attfncontqs", "attachment; filename*0=\"foo\"; filename*1=\"\\b\\a\\r.html\"",
            .name("foobar.html")),
        Case(
            "attfncontenc", "attachment; filename*0*=UTF-8''foo-%c3%a4; filename*1=\".html\"",
            .name("foo-ä.html")),
        Case("attfncontlz", "attachment; filename*0=\"foo\"; filename*01=\"bar\"", .name("foo")),
        Case("attfncontnc", "attachment; filename*0=\"foo\"; filename*2=\"bar\"", .name("foo")),
        Case("attfnconts1", "attachment; filename*1=\"foo.\"; filename*2=\"html\"", .fallback),
        Case("attfncontord", "attachment; filename*1=\"bar\"; filename*0=\"foo\"", .name("foobar")),
        // Both `filename` and `filename*`.
        Case(
            "attfnboth", "attachment; filename=\"foo-ae.html\"; filename*=UTF-8''foo-%c3%a4.html",
            .name("foo-ä.html")
        ),
        Case(
            "attfnboth2", "attachment; filename*=UTF-8''foo-%c3%a4.html; filename=\"foo-ae.html\"",
            .name("foo-ä.html")
        ),
        Case(
            "attfnboth3",
            "attachment; filename*0*=ISO-8859-15''euro-sign%3d%a4; filename*=ISO-8859-1''currency-sign%3d%a4",
            .name("currency-sign=¤")),
        Case("attnewandfn", "attachment; foobar=x; filename=\"foo.html\"", .name("foo.html")),
        // RFC 2047 encoding is not RFC 6266's.
        Case("attrfc2047token", "attachment; filename==?ISO-8859-1?Q?foo-=E4.html?=", .fallback),
        Case(
            "attrfc2047quoted", "attachment; filename=\"=?ISO-8859-1?Q?foo-=E4.html?=\"",
            .name("=?ISO-8859-1?Q?foo-=E4.html?=")),
    ]

    /// The name Offstage saves a case under: the header line's bytes decoded as the engine decodes them, the
    /// name parsed, then sanitised (else the URL's name).
    static func savedName(_ testCase: Case) -> String {
        let value = HeaderText.decode(testCase.bytes)
        return FileNameSanitizer.downloadName(
            requested: nil, suggested: ContentDisposition.fileName(value), url: testCase.url)
    }

    @Test(arguments: cases)
    func eachCaseSavesUnderTheNameTC2231Expects(_ testCase: Case) {
        #expect(Self.savedName(testCase) == testCase.expectedName)
    }

    @Test func theTableHoldsEveryCaseOnce() {
        #expect(Set(Self.cases.map(\.code)).count == Self.cases.count)
        #expect(Self.cases.count == 89)
        let passing = Self.cases.filter { Self.savedName($0) == $0.expectedName }.count
        #expect(passing == Self.cases.count, "\(passing) of \(Self.cases.count) cases pass")
    }
}
