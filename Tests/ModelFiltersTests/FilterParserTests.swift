import AmplifyModels
import ModelFilters
import Testing

/// What each piece of the language reads as: every operator, precedence, parentheses, quoting,
/// bare words and phrases.
@Suite struct FilterParserTests {
    typealias F = FilterFixtures

    static let operators: [(String, FilterExpression)] = [
        ("price = 12.5", F.clause("price", .equal(.float(12.5)))),
        ("price != 12.5", F.clause("price", .notEqual(.float(12.5)))),
        ("rooms < 3", F.clause("rooms", .less(.int(3)))),
        ("rooms <= 3", F.clause("rooms", .lessOrEqual(.int(3)))),
        ("rooms > 3", F.clause("rooms", .greater(.int(3)))),
        ("rooms >= 3", F.clause("rooms", .greaterOrEqual(.int(3)))),
        ("rooms between 2 and 4", F.clause("rooms", .between(.int(2), .int(4)))),
        ("name ^= Villa", F.clause("name", .beginsWith("Villa"))),
        ("name ~ blu", F.clause("name", .contains(.string("blu")))),
        ("tags ~ garden", F.clause("tags", .contains(.string("garden")))),
        ("kinds ~ loft", F.clause("kinds", .contains(.enumValue("LOFT")))),
        ("note exists", F.clause("note", .exists)),
        ("note !exists", F.clause("note", .notExists)),
    ]

    @Test(arguments: operators)
    func everyOperatorReadsAsItsCondition(text: String, expected: FilterExpression) throws {
        #expect(try F.parse(text) == expected)
    }

    @Test func operatorsNeedNoBlanksAround() throws {
        #expect(try F.parse("rooms>=3") == F.clause("rooms", .greaterOrEqual(.int(3))))
        #expect(try F.parse("price!=1") == F.clause("price", .notEqual(.float(1))))
        #expect(try F.parse("name^=\"a b\"") == F.clause("name", .beginsWith("a b")))
        #expect(try F.parse("(rooms=1)") == F.clause("rooms", .equal(.int(1))))
    }

    @Test func notBindsTighterThanAndWhichBindsTighterThanOr() throws {
        let a = F.clause("rooms", .equal(.int(1))), b = F.clause("rooms", .equal(.int(2))), c = F.clause("rooms", .equal(.int(3)))
        #expect(try F.parse("rooms = 1 or rooms = 2 and rooms = 3") == .or([a, .and([b, c])]))
        #expect(try F.parse("rooms = 1 and rooms = 2 or rooms = 3") == .or([.and([a, b]), c]))
        #expect(try F.parse("not rooms = 1 and rooms = 2") == .and([.not(a), b]))
        #expect(try F.parse("not not rooms = 1") == .not(.not(a)))
        #expect(try F.parse("rooms = 1 and rooms = 2 and rooms = 3") == .and([a, b, c]))
    }

    @Test func parenthesesGroupAndStayAGroup() throws {
        let a = F.clause("rooms", .equal(.int(1))), b = F.clause("rooms", .equal(.int(2))), c = F.clause("rooms", .equal(.int(3)))
        #expect(try F.parse("(rooms = 1 or rooms = 2) and rooms = 3") == .and([.or([a, b]), c]))
        #expect(try F.parse("not (rooms = 1 or rooms = 2)") == .not(.or([a, b])))
        #expect(try F.parse("(rooms = 1 and rooms = 2) and rooms = 3") == .and([.and([a, b]), c]))
        #expect(try F.parse("((rooms = 1))") == a)
    }

    @Test func keywordsReadInAnyCase() throws {
        let a = F.clause("rooms", .equal(.int(1))), b = F.clause("note", .exists)
        #expect(try F.parse("rooms = 1 AND note EXISTS") == .and([a, b]))
        #expect(try F.parse("NOT rooms = 1 Or note exists") == .or([.not(a), b]))
        #expect(try F.parse("rooms BETWEEN 1 AND 2") == F.clause("rooms", .between(.int(1), .int(2))))
    }

    @Test func quotedValuesHoldBlanksOperatorsKeywordsAndEscapes() throws {
        #expect(try F.parse(#"name = "Villa Blu""#) == F.clause("name", .equal(.string("Villa Blu"))))
        #expect(try F.parse(#"name = "a >= b and (c)""#) == F.clause("name", .equal(.string("a >= b and (c)"))))
        #expect(try F.parse(#"name = "say \"hi\" \\o/""#) == F.clause("name", .equal(.string(#"say "hi" \o/"#))))
        #expect(try F.parse(#"name = "null""#) == F.clause("name", .equal(.string("null"))))
        #expect(try F.parse(#"name = """#) == F.clause("name", .equal(.string(""))))
        #expect(try F.parse(#"rooms = "3""#) == F.clause("rooms", .equal(.int(3))), "a quoted number is still read by the field's type")
    }

    @Test func aBareWordOrQuotedTextAloneIsASearch() throws {
        #expect(try F.parse("villa") == .search("villa"))
        #expect(try F.parse(#""rooms = 3""#) == .search("rooms = 3"))
        #expect(try F.parse("name") == .search("name"), "a field name with no operator after it is a word")
        #expect(try F.parse("exists") == .search("exists"))
        #expect(try F.parse("Hi!") == .search("Hi!"), "a ! not followed by = is part of the word")
    }

    @Test func wordsSideBySideAreOnePhrase() throws {
        #expect(try F.parse("villa blu") == .search("villa blu"))
        #expect(try F.parse("  villa    blu  ") == .search("villa blu"), "blanks between words count as one")
        #expect(try F.parse(#"villa "and" blu"#) == .search("villa and blu"))
        #expect(try F.parse("villa and blu") == .and([.search("villa"), .search("blu")]))
        #expect(try F.parse("villa and rooms > 2") == .and([.search("villa"), F.clause("rooms", .greater(.int(2)))]))
        #expect(try F.parse("(villa blu) or sea") == .or([.search("villa blu"), .search("sea")]))
    }

    @Test func aBlankTextIsNoFilter() throws {
        #expect(try FilterParser.parse("", fields: F.listingFields) == nil)
        #expect(try FilterParser.parse("  \t ", fields: F.listingFields) == nil)
    }

    @Test func valuesAreReadByTheFieldsType() throws {
        #expect(try F.parse("active = TRUE") == F.clause("active", .equal(.bool(true))))
        #expect(try F.parse("kind = flat") == F.clause("kind", .equal(.enumValue("FLAT"))), "an enum's value in any case, as the form takes it")
        #expect(try F.parse("listedOn >= 2026-01-01") == F.clause("listedOn", .greaterOrEqual(.string("2026-01-01"))))
        #expect(try F.parse("seenAt < 2026-01-01T10:00:00Z") == F.clause("seenAt", .less(.string("2026-01-01T10:00:00Z"))))
        #expect(try F.parse("visits > 1764081000") == F.clause("visits", .greater(.int(1_764_081_000))))
        #expect(try F.parse("email = a@example.com") == F.clause("email", .equal(.string("a@example.com"))))
        #expect(try F.parse("price > -1e3") == F.clause("price", .greater(.float(-1000))))
        #expect(try F.parse("name = 42") == F.clause("name", .equal(.string("42"))), "a String field takes a number as text")
        #expect(try F.parse("agentId = abc") == F.clause("agentId", .equal(.string("abc"))))
        #expect(try F.parse("extra exists") == F.clause("extra", .exists))
        #expect(try F.parse("scores !exists") == F.clause("scores", .notExists))
    }

    @Test func prefixesAndSubstringsOfTextFieldsAreNotCheckedAsWholeValues() throws {
        #expect(try F.parse("listedOn ^= 2026-11") == F.clause("listedOn", .beginsWith("2026-11")))
        #expect(try F.parse("email ~ @example") == F.clause("email", .contains(.string("@example"))))
    }
}
