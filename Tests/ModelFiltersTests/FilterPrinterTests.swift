import AmplifyModels
import ModelFilters
import Testing

/// The canonical text: what each expression prints as, and that it reads back as itself.
@Suite struct FilterPrinterTests {
    typealias F = FilterFixtures

    static let canonical: [(typed: String, printed: String)] = [
        ("rooms>=3", "rooms >= 3"),
        ("PRICE_X", "PRICE_X"),
        ("price = 12", "price = 12.0"),
        ("kind = flat", "kind = FLAT"),
        ("active = TRUE", "active = true"),
        ("rooms BETWEEN 1 AND 2", "rooms between 1 and 2"),
        ("note   EXISTS", "note exists"),
        ("name = \"Villa\"", "name = Villa"),
        ("name = \"Villa Blu\"", "name = \"Villa Blu\""),
        ("name = \"and\"", "name = \"and\""),
        ("name = \"NULL\"", "name = \"NULL\""),
        ("name = \"a=b\"", "name = \"a=b\""),
        ("name = \"!exists\"", "name = \"!exists\""),
        ("name = \"Hi!\"", "name = Hi!"),
        (#"name = "say \"hi\"""#, #"name = "say \"hi\"""#),
        (#"name = """#, #"name = """#),
        ("name ^= \"(x\"", "name ^= \"(x\""),
        ("villa    blu", "\"villa blu\""),
        ("\"exists\"", "\"exists\""),
        ("rooms = 1 or rooms = 2 and rooms = 3", "rooms = 1 or rooms = 2 and rooms = 3"),
        ("(rooms = 1 or rooms = 2) and rooms = 3", "(rooms = 1 or rooms = 2) and rooms = 3"),
        ("(rooms = 1 and rooms = 2) and rooms = 3", "(rooms = 1 and rooms = 2) and rooms = 3"),
        ("rooms = 1 or (rooms = 2 or rooms = 3)", "rooms = 1 or (rooms = 2 or rooms = 3)"),
        ("(rooms = 1 and rooms = 2) or rooms = 3", "rooms = 1 and rooms = 2 or rooms = 3"),
        ("not (note exists)", "not note exists"),
        ("not (note exists or villa)", "not (note exists or villa)"),
        ("NOT NOT villa", "not not villa"),
    ]

    @Test(arguments: canonical)
    func eachFilterPrintsCanonicallyAndReadsBack(typed: String, printed: String) throws {
        let expression = try F.parse(typed)
        #expect(expression.description == printed)
        #expect(try F.parse(printed) == expression)
    }

    @Test func valuesBuiltByHandPrintAsTheLanguageWritesThem() {
        #expect(F.clause("price", .less(.float(-0.5))).description == "price < -0.5")
        #expect(F.clause("visits", .greater(.int(1_764_081_000))).description == "visits > 1764081000")
        #expect(F.clause("tags", .contains(.string("back yard"))).description == "tags ~ \"back yard\"")
        #expect(FilterExpression.search("a\\b").description == "a\\b", "a backslash outside quotes is a letter like any other")
        #expect(FilterExpression.and([.search("x"), .or([.search("y"), .search("z")])]).description == "x and (y or z)")
    }
}
