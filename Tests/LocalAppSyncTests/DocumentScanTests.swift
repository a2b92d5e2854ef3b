import GraphQL
import Testing
@testable import LocalAppSync

/// The scan that runs before the library's parser: what it refuses, and that nothing it lets
/// through makes the parser trap (a trap is the whole server's death, not one answer).
@Suite struct DocumentScanTests {
    static func scan(_ query: String) -> DocumentScan.Refusal? {
        DocumentScan.refusal(of: query, maxTokens: 15_000, maxNesting: 128)
    }

    @Test func aStringCutInsideAnEscapeIsRefusedWhereItStarts() {
        #expect(Self.scan(#"{ a(b: "x\"") }"#) == nil, "an escaped quote inside a closed string")
        #expect(Self.scan(#"{ a(b: "x\u001b") }"#) == nil)
        for cut in [#""x\"#, #""\u"#, #""x\u0"#, #""\u00"#, #""\u001"#] {
            #expect(Self.scan("{\n  a(b: \(cut)") == .unfinishedEscape(text: cut, line: 2, column: 8), "\(cut)")
        }
        // A block string has no escapes but `\"""`: a lone backslash at its end is the parser's to report.
        #expect(Self.scan(#"{ a(b: """x\"#) == nil)
    }

    /// Every cut of a document holding every kind of token (the fuzz test found the parser
    /// trapping on one such cut): each is refused by the scan or parsed, with or without an error.
    @Test func everyCutOfADocumentIsRefusedOrParsedWithoutATrap() {
        let document = """
            # a comment ⌘
            query Op($v: [Int!] = [1, -2.5e-3], $s: String = "tab\\there \\u001b \\"q\\" \\\\ \\/ \\b\\f\\n\\r 東京😀") {
              a: getRealEstateProperty(id: "x\\u00e9") @include(if: true) { id ...F ... on RealEstateProperty { name } }
              b: __type(name: \"\"\"block \\\""" "" line
            two\"\"\") { name }
            }
            fragment F on RealEstateProperty { address }
            """
        var cut = ""
        var parsed = 0
        for character in document {
            cut.append(character)
            if Self.scan(cut) == nil, (try? parse(source: cut)) != nil { parsed += 1 }
        }
        #expect((try? parse(source: document)) != nil, "the whole document parses")
        #expect(parsed >= 1)
    }
}
