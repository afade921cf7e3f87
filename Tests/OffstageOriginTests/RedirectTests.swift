import Foundation
import Testing

@testable import OffstageOrigin

@Suite struct RedirectTests {
    @Test func chainCountsDownAndKeepsQuery() throws {
        let origin = try TestOrigin()
        let client = try origin.client()
        var target = "/redirect/3/gen/1m?seed=4"
        var locations: [String] = []
        for _ in 0..<3 {
            client.request("GET", target)
            let response = try client.readResponse()
            #expect(response.status == 302)
            target = try #require(response.header("Location"))
            locations.append(target)
        }
        #expect(locations == ["/redirect/2/gen/1m?seed=4", "/redirect/1/gen/1m?seed=4", "/gen/1m?seed=4"])
        client.request("HEAD", target)
        #expect(try client.readResponse(forHead: true).status == 200)
    }

    @Test func loopBouncesForever() throws {
        let origin = try TestOrigin()
        #expect(try origin.get("/loop/a").header("Location") == "/loop/b")
        #expect(try origin.get("/loop/b").header("Location") == "/loop/a")
    }

    @Test func redirectToAbsoluteURL() throws {
        let origin = try TestOrigin()
        let response = try origin.get("/redirect-to?url=http%3A%2F%2Fexample.invalid%2Fx%3Fa%3D1")
        #expect(response.status == 302)
        #expect(response.header("Location") == "http://example.invalid/x?a=1")
        #expect(try origin.get("/redirect-to").status == 400)
        #expect(try origin.get("/redirect-to?url=a%0d%0aX-Evil:%201").status == 400)
    }
}
