import AmplifyModels
import ModelFilters
import Testing

/// Local evaluation with DynamoDB's semantics, case by case (`FilterServerProperties` checks it
/// against the embedded server on random filters).
@Suite struct FilterEvaluatorTests {
    typealias F = FilterFixtures

    static let layout = try! RecordLayout(model: F.listing, schema: F.schema)

    static func record(_ values: [String: ModelValue], id: String = "8a5c2f0e-0000-4000-8000-000000000001") -> ModelRecord {
        ModelRecord(layout: layout, key: RecordKey(id), values: values)
    }

    static let villa = record([
        "name": .string("Café Müller"), "price": .float(250), "rooms": .int(10), "active": .bool(true), "kind": .enumValue("FLAT"),
        "listedOn": .string("2026-11-25"), "tags": .list([.string("garden"), .string("pool")]), "kinds": .list([.enumValue("LOFT")]),
        "createdAt": .string("2026-01-01T00:00:00.000Z"),
    ])

    func holds(_ text: String, on record: ModelRecord = villa, sourceLocation: SourceLocation = #_sourceLocation) throws -> Bool {
        FilterEvaluator.matches(record, try F.parse(text, sourceLocation: sourceLocation))
    }

    @Test func textComparesByItsUTF8Bytes() throws {
        let zed = Self.record(["name": .string("Zed")]), apple = Self.record(["name": .string("apple")]), eacute = Self.record(["name": .string("é")])
        #expect(try holds("name < a", on: zed), "Z (0x5A) comes before a (0x61)")
        #expect(try !holds("name < a", on: apple))
        #expect(try holds("name > z", on: eacute), "é's first byte (0xC3) comes after every ASCII letter")
        #expect(try holds("name between A and Zz", on: zed) && !holds("name between A and Zz", on: apple))
    }

    @Test func numbersCompareByValue() throws {
        #expect(try holds("rooms > 9"), "10 > 9, which as text it would not be")
        #expect(try holds("price between 250 and 251") && holds("price <= 250") && !holds("price < 250"))
    }

    @Test func aNullFieldSatisfiesOnlyNotEqualAndWhatNotNegates() throws {
        let bare = Self.record(["name": .string("x")])
        #expect(try holds("note != a", on: bare))
        #expect(try holds("not note = a", on: bare) && holds("not note ~ a", on: bare))
        for text in ["note = a", "note < a", "note >= a", "note between a and b", "note ^= a", "note ~ a", "note exists", "rooms < 100"] {
            #expect(try !holds(text, on: bare), "\(text)")
        }
        #expect(try holds("note !exists", on: bare) && holds("tags !exists", on: bare))
        #expect(try holds("tags exists"))
        #expect(try holds("tags exists", on: Self.record(["tags": .list([])])), "an empty list is a value")
    }

    @Test func containsFindsASubstringByBytesAndAnItemInAList() throws {
        #expect(try holds("name ~ Müll") && !holds("name ~ müll"), "case counts, as on the server")
        #expect(try holds("tags ~ garden") && !holds("tags ~ gard"), "a list holds the item, not a part of it")
        #expect(try holds("kinds ~ loft") && !holds("kinds ~ flat"))
        let decomposed = Self.record(["name": .string("cafe\u{301}")])
        #expect(try holds("name ~ cafe", on: decomposed), "e + U+0301 holds the byte of e, as DynamoDB compares")
        #expect(try !holds("name ~ cafe", on: Self.record(["name": .string("café")])))
        #expect(try holds("name ^= cafe", on: decomposed))
    }

    @Test func enumsAndBooleansCompareForEquality() throws {
        #expect(try holds("kind = FLAT") && !holds("kind = HOUSE") && holds("kind != HOUSE"))
        #expect(try holds("active = true") && holds("active != false"))
        #expect(try holds("kind != HOUSE", on: Self.record([:])), "a null enum is not HOUSE")
    }

    @Test func andOrNotCombine() throws {
        #expect(try holds("rooms > 9 and (kind = HOUSE or kind = FLAT) and not active = false"))
        #expect(try !holds("rooms > 9 and not (kind = HOUSE or kind = FLAT)"))
    }

    @Test func aBareWordIsTheListsSearchWithoutCaseOrAccents() throws {
        #expect(try holds("MULLER") && holds("cafe") && holds("\"é m\""))
        #expect(try holds("garden"), "a list's text is searched as the list writes it")
        #expect(try holds("flat") && holds("250"), "enums and numbers as the list writes them")
        #expect(try !holds("8a5c2f0e"), "not the generated id")
        #expect(try !holds("2026-01-01"), "not what only the server writes")
        #expect(try !holds("castle"))
    }
}
