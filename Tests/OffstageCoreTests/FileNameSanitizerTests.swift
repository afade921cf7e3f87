import OffstageCore
import Testing

@Suite struct FileNameSanitizerTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let raw: String
        let expected: String
        var testDescription: String { raw.debugDescription }
    }

    static let table: [Row] = [
        Row(raw: "report.pdf", expected: "report.pdf"),
        Row(raw: "../../etc/passwd", expected: "passwd"),
        Row(raw: "/etc/shadow", expected: "shadow"),
        Row(raw: "a/b\\c", expected: "c"),
        Row(raw: "..\\..\\boot.ini", expected: "boot.ini"),
        Row(raw: "dir/", expected: "dir"),
        Row(raw: "..", expected: "download"),
        Row(raw: ".", expected: "download"),
        Row(raw: "", expected: "download"),
        Row(raw: "/", expected: "download"),
        Row(raw: "   ", expected: "download"),
        Row(raw: ".hidden", expected: "hidden"),
        Row(raw: "...triple", expected: "triple"),
        Row(raw: "-rf", expected: "rf"),
        Row(raw: "--help", expected: "help"),
        Row(raw: ".-rf", expected: "rf"),
        Row(raw: ". -rf", expected: "rf"),
        Row(raw: ". .hidden", expected: "hidden"),
        Row(raw: "- -x", expected: "x"),
        Row(raw: "  spaced name.txt  ", expected: "spaced name.txt"),
        Row(raw: "invoice\u{202E}fdp.exe", expected: "invoicefdp.exe"),
        Row(raw: "a\u{202A}b\u{202B}c\u{202C}d\u{202D}e", expected: "abcde"),
        Row(raw: "\u{2066}isolate\u{2069}.txt", expected: "isolate.txt"),
        Row(raw: "x\u{2067}y\u{2068}z", expected: "xyz"),
        Row(raw: "mark\u{200E}\u{200F}\u{061C}\u{FEFF}.txt", expected: "mark.txt"),
        Row(raw: "\u{1B}[31mred.txt", expected: "[31mred.txt"),
        Row(raw: "nul\u{0}byte.bin", expected: "nulbyte.bin"),
        Row(raw: "del\u{7F}.bin", expected: "del.bin"),
        Row(raw: "c1\u{85}\u{9B}x.bin", expected: "c1x.bin"),
        Row(raw: "tab\there\nnewline", expected: "tabherenewline"),
        Row(raw: "\u{1B}\u{7}", expected: "download"),
        Row(raw: "résumé €.txt", expected: "résumé €.txt"),
        Row(raw: "日本語のファイル.zip", expected: "日本語のファイル.zip"),
    ]

    @Test(arguments: table)
    func sanitizedNameIsSafe(_ row: Row) {
        #expect(FileNameSanitizer.sanitize(row.raw) == row.expected)
    }

    @Test(arguments: table.map(\.raw))
    func sanitizedNameIsNeverAPathOrHidden(_ raw: String) {
        let name = FileNameSanitizer.sanitize(raw)
        #expect(!name.isEmpty)
        #expect(!name.contains("/") && !name.contains("\\"))
        #expect(name != "." && name != "..")
        #expect(!name.hasPrefix(".") && !name.hasPrefix("-"))
        #expect(!name.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        #expect(name.utf8.count <= FileNameSanitizer.maxBytes)
    }

    @Test func longASCIINameIsCutTo255BytesKeepingItsExtension() {
        let raw = String(repeating: "a", count: 296) + ".txt"
        #expect(raw.utf8.count == 300)
        let name = FileNameSanitizer.sanitize(raw)
        #expect(name.utf8.count == 255)
        #expect(name == String(repeating: "a", count: 251) + ".txt")
    }

    @Test(arguments: ["é", "€", "😀", "e\u{301}", "🇫🇷"])
    func longMultiByteNameIsCutOnACharacterBoundary(_ unit: String) throws {
        let count = 300 / unit.utf8.count + 1
        for ext in ["", ".txt"] {
            let raw = String(repeating: unit, count: count) + ext
            #expect(raw.utf8.count > 300)
            let name = FileNameSanitizer.sanitize(raw)
            #expect(name.utf8.count <= 255)
            #expect(name.utf8.count > 255 - unit.utf8.count - ext.utf8.count)
            #expect(name.hasSuffix(ext))
            let stem = String(name.dropLast(ext.count))
            #expect(stem == String(repeating: unit, count: stem.count), "a character was split")
        }
    }

    @Test func hugeSingleCharacterNeverLeavesAnEmptyOrHiddenName() {
        let zalgo = "z" + String(repeating: "\u{301}", count: 200)
        for raw in [zalgo, zalgo + ".txt"] {
            let name = FileNameSanitizer.sanitize(raw)
            #expect(!name.isEmpty)
            #expect(!name.hasPrefix("."))
            #expect(name.utf8.count <= 255)
        }
    }

    @Test(arguments: [
        ("photo.jpg", 1, "photo (1).jpg"),
        ("photo.jpg", 2, "photo (2).jpg"),
        ("photo.jpg", 0, "photo.jpg"),
        ("README", 1, "README (1)"),
        ("archive.tar.gz", 1, "archive (1).tar.gz"),
        ("name.", 3, "name (3)."),
        ("weird.extension-longer-than-sixteen", 1, "weird.extension-longer-than-sixteen (1)"),
    ])
    func alternativeNameNumbersBeforeTheExtension(name: String, number: Int, expected: String) {
        #expect(FileNameSanitizer.alternative(name, number: number) == expected)
    }

    @Test(arguments: [1, 9, 10, 123])
    func alternativeOfAMaximalNameStaysWithin255Bytes(number: Int) {
        for name in [String(repeating: "b", count: 251) + ".txt", String(repeating: "ü", count: 127)] {
            let alternative = FileNameSanitizer.alternative(name, number: number)
            #expect(alternative.utf8.count <= 255)
            #expect(alternative.contains("(\(number))"))
            #expect(alternative != name)
        }
    }

    @Test func downloadNamePrefersTheUsersName() {
        #expect(
            FileNameSanitizer.downloadName(requested: "../mine.bin", suggested: "theirs.bin", url: "https://h/x.bin")
                == "mine.bin")
    }

    @Test func downloadNameFallsBackToTheServersSuggestion() {
        #expect(
            FileNameSanitizer.downloadName(requested: "", suggested: "/etc/theirs.bin", url: "https://h/x.bin")
                == "theirs.bin")
    }

    @Test(arguments: [
        ("https://h.example/files/data.csv?x=1#frag", "data.csv"),
        ("https://h.example/files/my%20file.txt", "my file.txt"),
        ("https://h.example/a/%2E%2E%2F%2E%2E%2Fetc%2Fpasswd", "passwd"),
        ("https://h.example/", "download"),
        ("https://h.example", "download"),
        ("https://h.example/%2Ehidden", "hidden"),
    ])
    func downloadNameFallsBackToTheURL(url: String, expected: String) {
        #expect(FileNameSanitizer.downloadName(requested: nil, suggested: nil, url: url) == expected)
    }
}
