import Foundation
import OffstageCore
import Testing

@Suite struct HTTPDateTests {
    @Test(arguments: [
        ("Sun, 06 Nov 1994 08:49:37 GMT", 784_111_777.0),
        ("Thu, 01 Jan 1970 00:00:00 GMT", 0),
        ("Fri, 15 Jan 2027 08:00:00 GMT", 1_800_000_000),
        ("Tue, 29 Feb 2028 23:59:59 GMT", 1_835_481_599),
    ])
    func imfFixdateIsParsed(text: String, seconds: Double) {
        #expect(HTTPDate.parse(text) == Date(timeIntervalSince1970: seconds))
    }

    @Test(arguments: [
        "Sunday, 06-Nov-94 08:49:37 GMT",
        "Sun Nov  6 08:49:37 1994",
        "Sun, 06 Nov 1994 08:49:37 UTC",
        "Sun, 06 Foo 1994 08:49:37 GMT",
        "Sun, 06 Nov 1994 08:49 GMT",
        "Sun, 06 Nov 1994 08:49:37:00 GMT",
        "Sun, 06 Nov 1994 08:xx:37 GMT",
        "Sun, xx Nov 1994 08:49:37 GMT",
        "120",
        "",
    ])
    func otherFormsAreNotParsed(text: String) {
        #expect(HTTPDate.parse(text) == nil)
    }
}
