import Foundation
import OffstageCore
import Testing

/// Every status a server can send has a reason phrase ("HTTP 304" used to have none).
@Suite struct HTTPStatusTests {
    @Test(arguments: [
        (304, "HTTP 304 Not Modified"), (200, "HTTP 200 OK"), (206, "HTTP 206 Partial Content"),
        (418, "HTTP 418 unregistered client error"), (451, "HTTP 451 Unavailable For Legal Reasons"),
        (522, "HTTP 522 unregistered server error"), (299, "HTTP 299 unregistered success status"),
        (999, "HTTP 999 not an HTTP status"),
    ])
    func aStatusReadsWithItsPhrase(status: Int, text: String) {
        #expect(HTTPStatus.text(status) == text)
    }

    @Test func everyThreeDigitStatusHasAPhrase() {
        for status in 100...999 {
            let phrase = HTTPStatus.phrase(status)
            #expect(!phrase.isEmpty && phrase.trimmingCharacters(in: .whitespaces) == phrase, "\(status)")
        }
    }
}
