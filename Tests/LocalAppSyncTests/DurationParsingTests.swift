import Testing
@testable import LocalAppSync

@Suite struct DurationParsingTests {
    @Test(arguments: [("800ms", 800), ("2s", 2000), ("1.5s", 1500), ("0", 0), (" 0ms ", 0)])
    func parses(text: String, milliseconds: Int64) throws {
        #expect(try DurationParsing.parse(text) == .milliseconds(milliseconds))
    }

    @Test(arguments: ["", "2", "fast", "-1s", "2h", "nanms", "99999s"])
    func refuses(text: String) {
        #expect(throws: DurationParsing.Invalid.self) { try DurationParsing.parse(text) }
    }
}
