import Foundation
import OffstageCore
import OffstageTestSupport
import Testing

@Suite struct ContentDispositionTests {
    @Test(
        arguments: [
            // RFC 6266 section 5 examples.
            ("Attachment; filename=example.html", "example.html"),
            ("INLINE; FILENAME= \"an example.html\"", "an example.html"),
            ("attachment; filename*= UTF-8''%e2%82%ac%20rates", "€ rates"),
            ("attachment; filename=\"EURO rates\"; filename*=utf-8''%e2%82%ac%20rates", "€ rates"),
            // filename* is preferred wherever it stands.
            ("attachment; filename*=UTF-8''%e2%82%ac%20rates; filename=\"EURO rates\"", "€ rates"),
            ("attachment; filename*=iso-8859-1'en'%A3%20rates", "£ rates"),
            // Quoted strings keep `;` and escaped quotes and backslashes.
            ("attachment; filename=\"report; final.pdf\"", "report; final.pdf"),
            ("attachment; filename=\"say \\\"hi\\\".txt\"", "say \"hi\".txt"),
            ("attachment; filename=\"a\\\\b.txt\"", "a\\b.txt"),
            ("attachment; filename=\"x=y.txt\"; size=3", "x=y.txt"),
            ("attachment; size=\"1;2\"; filename=after.bin", "after.bin"),
            // A filename* that cannot be decoded falls back to filename.
            ("attachment; filename=plain.txt; filename*=UTF-8''%zz", "plain.txt"),
            ("attachment; filename=plain.txt; filename*=KOI8-R''%c1", "plain.txt"),
            ("attachment; filename=plain.txt; filename*=UTF-8''%ff%fe", "plain.txt"),
            ("attachment; filename=plain.txt; filename*=nonsense", "plain.txt"),
            // Continuations (RFC 2231) come after filename* and before filename.
            (
                "attachment; filename=\"plain.txt\"; filename*0=\"con\"; filename*1=\"tinued.txt\"",
                "continued.txt"
            ),
            (
                "attachment; filename*=UTF-8''star.txt; filename*0=\"con\"; filename*1=\"tinued.txt\"",
                "star.txt"
            ),
            // A quoted filename* is ignored (RFC 6266 section 4.3 allows only an ext-value).
            ("attachment; filename=plain.txt; filename*=\"UTF-8''quoted.txt\"", "plain.txt"),
            // Space around `=` is allowed; trailing space after the last parameter too.
            ("attachment; filename = \"spaced.txt\"  ", "spaced.txt"),
            ("attachment; filename=\"../../etc/passwd\"", "../../etc/passwd"),
        ] as [(String, String)])
    func fileNameIsParsedAsRFC6266Says(header: String, expected: String) {
        #expect(ContentDisposition.fileName(header) == expected)
    }

    @Test(arguments: [
        "attachment", "", ";;;", "attachment; filename=\"\"", "attachment; filename*=UTF-8''",
        "attachment; name=\"field\"", "attachment; filename", "attachment; xfilename=a.txt",
        // A field that breaks RFC 6266's grammar is ignored whole: an unterminated quote, a repeated name, a
        // trailing `;`, an empty parameter, junk after a quoted string.
        "attachment; filename=\"open.txt", "attachment; filename=first.txt; filename=second.txt",
        "attachment; FileName=a; FILENAME=b", "attachment; filename=a.txt;",
        "attachment;; filename=a.txt",
        "attachment; filename=\"a.txt\"b",
        "attachment; filename=",
        "attachment; filename=a/b.txt",
        "attachment; filename*=UTF-8''%e2%82%ac%20rates; filename*=UTF-8''x",
    ])
    func headerWithoutAFileNameHasNone(header: String) {
        #expect(ContentDisposition.fileName(header) == nil)
    }

    @Test(
        arguments: [
            ("attachment; filename=\"report; final.pdf\"", "report; final.pdf"),
            ("attachment; filename=\"zero\u{200B}width\u{200D}\u{2060}\u{00AD}.txt\"", "zerowidth.txt"),
            ("attachment; filename=\"a\u{2215}b\u{2044}c\u{FF0F}d.txt\"", "a_b_c_d.txt"),
            ("attachment; filename*=UTF-8''evil%E2%88%95etc%E2%81%84passwd", "evil_etc_passwd"),
            ("attachment; filename*=UTF-8''..%2F..%2Fetc%2Fpasswd", "passwd"),
            ("attachment; filename*=UTF-8''%E2%80%8B.hidden", "hidden"),
            ("attachment; filename*=UTF-8''tag%F3%A0%80%81s.txt", "tags.txt"),
            ("attachment; filename=\"no\u{00A0}break\u{3000}space.txt\"", "no break space.txt"),
            ("attachment; filename=\"back\u{FF3C}slash\u{2216}.txt\"", "back_slash_.txt"),
            ("attachment; filename*=UTF-8''%1B%5B31mred.txt", "[31mred.txt"),
            ("attachment; filename=\"a\u{1B}[31mb\u{7}.txt\"", "a[31mb.txt"),
        ] as [(String, String)])
    func parsedNamesAreSanitisedAsBefore(header: String, expected: String) {
        let parsed = ContentDisposition.fileName(header)
        #expect(FileNameSanitizer.sanitize(parsed ?? "") == expected)
    }

    @Test func urlAndUserNamesGetTheSameTreatment() {
        #expect(
            FileNameSanitizer.downloadName(
                requested: nil, suggested: nil, url: "http://h/a%E2%88%95b.txt") == "a_b.txt")
        #expect(
            FileNameSanitizer.downloadName(requested: nil, suggested: nil, url: "http://h/%E2%80%8B.env")
                == "env")
        #expect(
            FileNameSanitizer.downloadName(
                requested: "x\u{2044}y\u{200D}", suggested: "s", url: "http://h/u") == "x_y")
    }

    /// Random headers built from random bytes and the pieces a parser trips on: none traps, and no sanitised
    /// name carries a control character, ESC, a separator, a look-alike or an invisible character. The random
    /// text goes in as a quoted `filename` (escaped, so the field keeps its grammar), percent-encoded in a UTF-8 or
    /// an ISO-8859-1 `filename*` (so every byte reaches the decoder), or raw after a start (mostly not a field).
    @Test func randomHeadersNeverYieldAnUnsafeName() {
        var generator = SeededRandom(seed: 0x6266_8187)
        let pieces = [
            "attachment", "inline", ";", " ", "\"", "\\", "=", "'", "%", "filename=", "filename*=",
            "UTF-8''",
            "iso-8859-1'en'", "%2F", "%E2%88%95", "%E2%80%8B", "%1B", "%00", "/", "..", ".", "-",
            "\u{2215}",
            "\u{2044}", "\u{FF0F}", "\u{200B}", "\u{202E}", "\u{FEFF}", "\u{1B}", "\u{7F}", "\u{85}", "é",
            "€",
        ]
        func percentEncoded(_ bytes: some Sequence<UInt8>) -> String {
            bytes.map { String(format: "%%%02X", $0) }.joined()
        }
        var names = 0
        for _ in 0..<4000 {
            var text = ""
            for _ in 0..<Int(generator.next() % 24) {
                if generator.next() % 3 == 0 {
                    text += pieces[Int(generator.next() % UInt64(pieces.count))]
                } else {
                    text.unicodeScalars.append(Unicode.Scalar(UInt8(truncatingIfNeeded: generator.next())))
                }
            }
            let header: String
            switch generator.next() % 4 {
            case 0:
                let escaped = text.unicodeScalars.map { $0 == "\"" || $0 == "\\" ? "\\\($0)" : "\($0)" }
                    .joined()
                header = "attachment; filename=\"" + escaped + "\""
            case 1:
                header = "inline; filename*=UTF-8''" + percentEncoded(text.utf8)
            case 2:
                let latin1 = text.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }
                header = "attachment; filename*=iso-8859-1'en'" + percentEncoded(latin1)
            default:
                let starts = [
                    "", "attachment; filename=", "attachment; filename=\"", "inline; filename*=UTF-8''",
                ]
                header = starts[Int(generator.next() % UInt64(starts.count))] + text
            }
            guard let raw = ContentDisposition.fileName(HeaderText.decode(Array(header.utf8))) else {
                continue
            }
            names += 1
            let name = FileNameSanitizer.sanitize(raw)
            #expect(
                !name.isEmpty && name != "." && name != ".." && !name.hasPrefix(".") && !name.hasPrefix("-")
            )
            #expect(name.utf8.count <= FileNameSanitizer.maxBytes)
            for scalar in name.unicodeScalars {
                #expect(
                    scalar.value >= 0x20 && scalar.value != 0x7F && !(0x80...0x9F).contains(scalar.value))
                #expect(scalar != "/" && scalar != "\\")
                #expect(!FileNameSanitizer.slashLookAlikes.contains(scalar.value))
                #expect(!FileNameSanitizer.isInvisible(scalar) && !FileNameSanitizer.isForbidden(scalar))
            }
        }
        #expect(names > 1000)  // the generator does reach names (1,461 of 4,000), so the checks above ran
    }
}

/// Header bytes as the engine reads them, and names that sanitise to nothing.
@Suite struct HeaderTextTests {
    @Test(
        arguments: [
            ([0x66, 0x6F, 0x6F, 0x2D, 0xE4], "foo-ä"),  // ISO-8859-1
            ([0x66, 0x6F, 0x6F, 0x2D, 0xC3, 0xA4], "foo-ä"),  // UTF-8
            ([0xC3, 0x28], "Ã("),  // not UTF-8: every byte is one character
            ([0xE2, 0x82, 0xAC], "€"),
            ([0x80, 0xFF], "\u{80}ÿ"),
            ([], ""),
        ] as [([UInt8], String)])
    func bytesAreUTF8WhenValidElseISO88591(bytes: [UInt8], expected: String) {
        #expect(HeaderText.decode(bytes) == expected)
    }

    @Test func differentLatin1NamesStayDifferent() {
        let names = (0xC0...0xFF).map { HeaderText.decode([0x61, UInt8($0), 0x2E, 0x74]) }
        #expect(Set(names).count == names.count)
        #expect(!names.contains { $0.contains("\u{FFFD}") })
    }

    @Test(arguments: [".", "..", "...", "/", "./", "../..", "\u{200B}", " . "])
    func aServerNameThatSanitisesToNothingGivesWayToTheURL(suggested: String) {
        let name = FileNameSanitizer.downloadName(
            requested: nil, suggested: suggested, url: "http://h/files/report.pdf")
        #expect(name == "report.pdf")
        #expect(FileNameSanitizer.usable(suggested) == nil)
    }

    @Test func aUserNameThatSanitisesToNothingGivesWayToTheServersThenTheURLs() {
        #expect(
            FileNameSanitizer.downloadName(
                requested: "..", suggested: "theirs.bin", url: "http://h/x.bin") == "theirs.bin")
        #expect(
            FileNameSanitizer.downloadName(requested: ".", suggested: "..", url: "http://h/x.bin")
                == "x.bin")
        #expect(
            FileNameSanitizer.downloadName(requested: ".", suggested: "..", url: "http://h/")
                == "download")
    }
}
