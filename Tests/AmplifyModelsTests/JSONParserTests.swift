import AmplifyModels
import Foundation
import PropertyBased
import Testing

@Suite struct JSONParserTests {
    @Test func keysKeepTheirOrderAndNumbersTheirText() throws {
        let tree = try JSONParser.parse(#"{"z": 1, "a": 12345678901234567890, "m": -0.5e-3, "s": "\u00e9\ud83d\ude00\n"}"#)
        #expect(tree.objectMembers?.map(\.key) == ["z", "a", "m", "s"])
        #expect(tree["a"] == .number("12345678901234567890"))
        #expect(tree["m"]?.doubleValue == -0.0005)
        #expect(tree["s"] == .string("é😀\n"))
    }

    @Test(arguments: [
        ("", "line 1, column 1: the text ends where a value was expected"),
        ("{\"a\" 1}", "line 1, column 6: expected ':' after a key"),
        ("[1,]", "line 1, column 4: expected a value (an object, a list, a string, a number, true, false or null)"),
        ("01", "line 1, column 2: more text after the end of the JSON value"),
        ("\"\\ud800\"", "line 1, column 8: a lone surrogate in a \\u escape"),
        ("\"a\u{01}\"", "line 1, column 3: a control character inside a string (write it as an escape)"),
        ("[\n  tru]", "line 2, column 3: expected true"),
        ("1.", "line 1, column 3: expected a digit after the decimal point"),
    ])
    func brokenTextSaysWhere(text: String, message: String) {
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(text) }
        do {
            _ = try JSONParser.parse(text)
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func invalidUTF8IsRefused() {
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(Data([0x22, 0xFF, 0x22])) }
    }

    /// What `jsonText` writes, the parser reads back as the same tree; Foundation agrees it is JSON.
    @Test func textRoundTrips() async {
        let leaf = Gen<JSONTree>.oneOf(
            Gen.int(in: -1_000_000...1_000_000).map { JSONTree.int(Int64($0)) },
            Gen.double(in: -1e9...1e9).map { JSONTree.double($0) ?? .null },
            choose(["", "a\"b", "\\", "line\nbreak", "\u{7}", "é😀", "{}"]).map { JSONTree.string($0) },
            choose([JSONTree.null, .bool(true), .bool(false)]))
        let tree = zip(leaf.array(of: 0...4), choose(["k", "k2", "é"]).array(of: 0...3)).map { items, keys in
            JSONTree.array([.array(items), .object(keys.enumerated().map { JSONMember($0.element, items.first ?? .null) })])
        }
        await propertyCheck(count: 300, input: tree) { tree in
            let text = tree.jsonText
            #expect((try? JSONParser.parse(text)) == tree)
            #expect((try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])) != nil)
        }
    }
}
