import ModelFilters
import Testing

/// Every mistake the language reports, with the Characters it underlines and what it says.
@Suite struct FilterErrorTests {
    typealias F = FilterFixtures

    struct Case: Sendable, CustomTestStringConvertible {
        var text: String
        var offset: Int
        var length: Int
        var message: String
        var testDescription: String { text }

        init(_ text: String, at offset: Int, _ length: Int, _ message: String) {
            self.text = text
            self.offset = offset
            self.length = length
            self.message = message
        }
    }

    static let syntax: [Case] = [
        Case("rooms >=", at: 6, 2, "expected a value after `>=`"),
        Case("rooms >= and note exists", at: 9, 3, "expected a value after `>=`, found `and`"),
        Case("rooms = )", at: 8, 1, "expected a value after `=`, found `)`"),
        Case("(rooms = 1", at: 0, 1, "unclosed parenthesis"),
        Case("(rooms = 1 or (note exists)", at: 0, 1, "unclosed parenthesis"),
        Case("rooms = 1)", at: 9, 1, "unmatched `)`"),
        Case(")", at: 0, 1, "unmatched `)`"),
        Case("()", at: 0, 2, "empty parentheses: expected a filter inside"),
        Case(#"name = "Villa"#, at: 7, 6, "unclosed quote"),
        Case(#"name = "a\nb""#, at: 9, 2, #"unknown escape `\n`: only \" and \\ are escapes in quotes"#),
        Case("rooms = 1 and", at: 10, 3, "expected a filter after `and`"),
        Case("rooms = 1 or or note exists", at: 13, 2, "expected a filter after `or`, found `or`"),
        Case("not", at: 0, 3, "expected a filter after `not`"),
        Case("and rooms = 1", at: 0, 3, "expected a filter before `and`"),
        Case(">= 3", at: 0, 2, "expected a field before `>=`"),
        Case("rooms = 1 and = 2", at: 14, 1, "expected a field before `=`"),
        Case("rooms = 1 note exists", at: 10, 4, "expected `and` or `or` before `note`"),
        Case("name = Villa Blu", at: 13, 3, #"expected `and` or `or` before `Blu` (quote a value that holds blanks: "Villa Blu")"#),
        Case("(rooms = 1 villa)", at: 11, 5, "expected `and`, `or` or `)` before `villa`"),
        Case("rooms between 1 2", at: 16, 1, "expected `and` between the two values of `between`"),
        Case("rooms between 1", at: 14, 1, "expected `and` between the two values of `between`"),
        Case("rooms between 1 and", at: 16, 3, "expected a value after `and`"),
        Case("note = null", at: 7, 4, #"`null` is not a value to compare with: use `exists` or `!exists` (quote it for the text "null")"#),
        Case(#""""#, at: 0, 2, "an empty text searches for nothing"),
    ]

    static let fields: [Case] = [
        Case("prise > 3", at: 0, 5, "unknown field `prise` (did you mean `price`?)"),
        Case("Price > 3", at: 0, 5, "unknown field `Price` (did you mean `price`?)"),
        Case("listedon = 2026-01-01", at: 0, 8, "unknown field `listedon` (did you mean `listedOn`?)"),
        Case("colour = red", at: 0, 6, "unknown field `colour`: Listing has `id`, `name`, `note`, `price`, `rooms`, `active`, `kind`, `listedOn`, …"),
        Case("address exists", at: 0, 7, "`address` is a custom type (Address): the server cannot filter by it"),
        Case("agent = x", at: 0, 5, "`agent` is a relation (Agent): the server cannot filter by it"),
    ]

    static let types: [Case] = [
        Case("price = abc", at: 8, 3, "`price` is a Float: `abc` is not a number, like 12.5"),
        Case("rooms > 2.5", at: 8, 3, "`rooms` is an Int: `2.5` is not a whole number from -2147483648 to 2147483647, like 42"),
        Case("active = yes", at: 9, 3, "`active` is a Boolean: `yes` is not true or false"),
        Case("kind = castle", at: 7, 6, "`kind` is an enum (Kind): `castle` is not one of HOUSE, FLAT, LOFT"),
        Case("kinds ~ castle", at: 8, 6, "`kinds` is a list ([Kind]): `castle` is not one of HOUSE, FLAT, LOFT"),
        Case("listedOn = 2025-02-30", at: 11, 10, "`listedOn` is an AWSDate: 2025-02-30 is not a day: February 2025 has 28 days."),
        Case("listedOn = \"\"", at: 11, 2, "`listedOn` is an AWSDate: expected a date like 2026-11-25, not empty text"),
        Case("visits > 99999999999", at: 9, 11, "`visits` is an AWSTimestamp: the server compares it as a 32-bit Int, and 99999999999 is beyond ±2147483647"),
        Case("rooms between 5 and 2", at: 14, 7, "`between` takes the lower value first: 5 is above 2"),
        Case("name between b and a", at: 13, 7, "`between` takes the lower value first: b is above a"),
        Case(#"name ~ """#, at: 7, 2, "`~` needs some text to look for"),
        Case(#"name ^= """#, at: 8, 2, "`^=` needs some text to look for"),
    ]

    static let operators: [Case] = [
        Case("active > true", at: 7, 1, "`active` is a Boolean: it takes =, !=, exists and !exists, not >"),
        Case("kind exists", at: 5, 6, "`kind` is an enum (Kind): it takes = and !=, not exists"),
        Case("kind ^= H", at: 5, 2, "`kind` is an enum (Kind): it takes = and !=, not ^="),
        Case("rooms ~ 3", at: 6, 1, "`rooms` is an Int: it takes =, !=, <, <=, >, >=, between, exists and !exists, not ~"),
        Case("tags = garden", at: 5, 1, "`tags` is a list ([String]): it takes ~, exists and !exists, not ="),
        Case("tags between a and b", at: 5, 7, "`tags` is a list ([String]): it takes ~, exists and !exists, not between"),
        Case("kinds !exists", at: 6, 7, "`kinds` is a list ([Kind]): it takes only ~, not !exists"),
        Case("scores ~ 3", at: 7, 1, "`scores` is a list ([Int]): it takes exists and !exists, not ~"),
        Case("extra ~ a", at: 6, 1, "`extra` is an AWSJSON: it takes exists and !exists, not ~"),
    ]

    @Test(arguments: syntax + fields + types + operators)
    func eachMistakeIsSaidWithItsPlace(_ expected: Case) throws {
        let error = try #require(F.error(expected.text))
        #expect(error.message == expected.message, "\(expected.text)")
        #expect(error.range == expected.offset..<(expected.offset + expected.length), "\(expected.text): \(error)")
    }

    @Test func placesCountCharactersNotBytesOrScalars() throws {
        // "é" written as e + U+0301 is one Character of two scalars; "🏠" is four bytes.
        let error = try #require(F.error("name = \"e\u{301}🏠\" and prise > 3"))
        #expect(error.range == 16..<21, "\(error)")
        // Built outside the macro: swift-testing's expansion of such a literal does not compile.
        let combined = "\"" + "\u{301}abc"
        let quote = try #require(F.error(combined))
        #expect(quote.message == "unclosed quote" && quote.range == 0..<4, "a combining mark on the quote does not hide it: \(quote)")
    }

    @Test func theFirstMistakeInTheTextIsTheOneSaid() throws {
        let error = try #require(F.error("prise > 3 and rooms = x"))
        #expect(error.message.hasPrefix("unknown field `prise`"))
        let beforeQuote = try #require(F.error(#"prise > 3 and name = "x"#))
        #expect(beforeQuote.message.hasPrefix("unknown field `prise`"), "a quote left open later on waits its turn")
        let quote = try #require(F.error(#"rooms = 3 and name = "x"#))
        #expect(quote.message == "unclosed quote" && quote.range == 21..<23)
    }

    /// A paste of a hundred thousand `(` or `not` is a mistake said at its place, never a stack
    /// overflow; as deep as `maximumNesting` still reads.
    @Test func nestingIsBoundedBeforeTheStackIs() throws {
        let deepest = FilterParser.maximumNesting
        let fine = String(repeating: "(", count: deepest) + "rooms = 3" + String(repeating: ")", count: deepest)
        #expect(throws: Never.self) { try FilterParser.parse(fine, fields: F.listingFields) }
        let tooDeep = try #require(F.error(String(repeating: "(", count: deepest + 1) + "rooms = 3" + String(repeating: ")", count: deepest + 1)))
        #expect(tooDeep.message.hasPrefix("nested too deeply") && tooDeep.range == deepest..<(deepest + 1), "\(tooDeep)")
        let nots = try #require(F.error(String(repeating: "not ", count: 100_000) + "rooms = 3"))
        #expect(nots.message.hasPrefix("nested too deeply"))
        let parentheses = try #require(F.error(String(repeating: "(", count: 100_000)))
        #expect(parentheses.message.hasPrefix("nested too deeply"))
    }
}
