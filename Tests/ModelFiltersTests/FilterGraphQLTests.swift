import AmplifyModels
import JSONValues
import ModelFilters
import Testing

/// The `filter` argument each filter becomes, value forms included.
@Suite struct FilterGraphQLTests {
    typealias F = FilterFixtures

    func filter(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> JSONValue {
        try F.parse(text, sourceLocation: sourceLocation).graphQLFilter(F.listingFields)
    }

    @Test func eachClauseIsItsFieldsInput() throws {
        #expect(try filter("price >= 100") == ["price": ["ge": .double(100)]])
        #expect(try filter("rooms != 3") == ["rooms": ["ne": 3]])
        #expect(try filter("rooms < 3") == ["rooms": ["lt": 3]])
        #expect(try filter("rooms <= 3") == ["rooms": ["le": 3]])
        #expect(try filter("rooms > 3") == ["rooms": ["gt": 3]])
        #expect(try filter("rooms = 3") == ["rooms": ["eq": 3]])
        #expect(try filter("listedOn between 2026-01-01 and 2026-12-31") == ["listedOn": ["between": ["2026-01-01", "2026-12-31"]]])
        #expect(try filter("name ^= Villa") == ["name": ["beginsWith": "Villa"]])
        #expect(try filter("name ~ blu") == ["name": ["contains": "blu"]])
        #expect(try filter("tags ~ garden") == ["tags": ["contains": "garden"]])
        #expect(try filter("note exists") == ["note": ["attributeExists": true]])
        #expect(try filter("note !exists") == ["note": ["attributeExists": false]])
    }

    @Test func valuesTravelInTheirWireForm() throws {
        #expect(try filter("kind = flat") == ["kind": ["eq": "FLAT"]], "an enum by its name")
        #expect(try filter("kinds ~ loft") == ["kinds": ["contains": "LOFT"]])
        #expect(try filter("active = true") == ["active": ["eq": true]])
        #expect(try filter("visits > 1764081000") == ["visits": ["gt": 1_764_081_000]])
        #expect(try filter("price < 1.5") == ["price": ["lt": .double(1.5)]])
    }

    @Test func andOrNotNestAsWritten() throws {
        #expect(try filter("rooms = 1 and (note exists or not active = true)") == [
            "and": [["rooms": ["eq": 1]], ["or": [["note": ["attributeExists": true]], ["not": ["active": ["eq": true]]]]]],
        ])
    }

    @Test func aSearchIsContainsOverTheSearchedTextFields() throws {
        // Not `id` (generated), not the lists, enums or numbers, not what only the server writes.
        let fields = ["name", "note", "listedOn", "seenAt", "agentId", "email", "extra"]
        #expect(try filter("blu") == ["or": .array(fields.map { ["\($0)": ["contains": "blu"]] })])
        #expect(try !F.parse("blu").isExactOnServer)
        #expect(try !F.parse("rooms = 1 and not blu").isExactOnServer)
        #expect(try F.parse("rooms = 1 and not name ~ blu").isExactOnServer)
    }

    @Test func aSearchOfAModelWithoutTextFieldsMatchesNothingOnTheServer() throws {
        let model = AmplifyModel(
            name: "Tally", pluralName: "Tallies",
            fields: [ModelField(name: "id", type: .scalar(.id), isRequired: true), ModelField(name: "count", type: .scalar(.int))])
        let fields = FilterFields(model: model, schema: ModelSchema(models: [model]))
        let search = try #require(try FilterParser.parse("x", fields: fields))
        #expect(search.graphQLFilter(fields) == ["id": ["attributeExists": false]])
    }
}
