import AmplifyModels
import ScriptChanges
import Testing

@Suite struct ChangeValuesTests {
    @Test func anAssignmentSplitsAtItsFirstEquals() throws {
        let assignment = try FieldAssignment(parsing: "note=a=b", option: "--set")
        #expect(assignment == FieldAssignment(field: "note", text: "a=b"))
        #expect(try FieldAssignment(parsing: "name=", option: "--set").text == "")
        #expect(throws: ScriptProblem.usage("--set name: give field=value")) { try FieldAssignment(parsing: "name", option: "--set") }
        #expect(throws: ScriptProblem.usage("--set =x: the field name is missing before =")) { try FieldAssignment(parsing: "=x", option: "--set") }
        #expect(throws: ScriptProblem.usage("--expect names name twice")) {
            try FieldAssignment.parse(["name=a", "name=b"], option: "--expect")
        }
    }

    @Test func valuesAreReadAsTheFormReadsThem() throws {
        let values = ChangeValues(layout: Fixture.layout("Transaction"))
        let record = try values.newRecord(setting: FieldAssignment.parse(
            ["description=Bread", "amount=4.5", "kind=expense", "date=2026-01-02", "quantity=3"], option: "--set"))
        #expect(record["amount"] == .float(4.5))
        #expect(record["kind"] == .enumValue("EXPENSE"))  // the form's case folding
        #expect(record["quantity"] == .int(3))
        #expect(record.id.text.count == 36)  // a new UUID, as the form makes one
    }

    @Test func anUnknownFieldIsUsageAndABadValueIsDataNamingTheField() throws {
        let values = ChangeValues(layout: Fixture.layout("Transaction"))
        #expect(throws: ScriptProblem.self) { try values.newRecord(setting: [FieldAssignment(field: "amout", text: "1")]) }
        do {
            _ = try values.newRecord(setting: FieldAssignment.parse(["description=x", "amount=abc", "kind=EXPENSE", "date=2026-01-02"], option: "--set"))
            Issue.record("a bad amount was taken")
        } catch {
            #expect(error == .invalidData("Transaction.amount: Expected a number, like 12.5."))
        }
        do {
            _ = try values.newRecord(setting: [FieldAssignment(field: "amout", text: "1")])
        } catch {
            guard case .usage(let message) = error else { Issue.record("not usage: \(error)"); return }
            #expect(message.contains("Transaction has no field amout"))
        }
        // A required field left out is bad data, as the form says it.
        #expect(throws: ScriptProblem.self) { try values.newRecord(setting: [FieldAssignment(field: "description", text: "x")]) }
        // The server's fields are not set by a change.
        #expect(throws: ScriptProblem.usage("--set createdAt: Transaction.createdAt is not set by a change: the server writes it")) {
            try values.patch(setting: [FieldAssignment(field: "createdAt", text: "2026-01-01T00:00:00Z")])
        }
    }

    @Test func anUpdateCannotChangeTheKey() throws {
        let values = ChangeValues(layout: Fixture.layout("Budget"))
        #expect(throws: ScriptProblem.usage("--set sku: Budget.sku is not set by a change: it is part of the key, which an update cannot change")) {
            try values.patch(setting: [FieldAssignment(field: "sku", text: "B")])
        }
        let patch = try values.patch(setting: [FieldAssignment(field: "title", text: "Rent")])
        #expect(patch.changes == ["title": .string("Rent")])
    }

    @Test func jsonValuesAreTheirWireForm() throws {
        let values = ChangeValues(layout: Fixture.layout("Transaction"))
        let record = try values.newRecord(json: #"{"description":"x","amount":2,"kind":"INCOME","date":"2026-01-02","receipt":{"merchant":"Bakery","total":4.5}}"#)
        #expect(record["kind"] == .enumValue("INCOME"))
        #expect(throws: ScriptProblem.self) { try values.newRecord(json: #"{"description":"x","amount":"2"}"#) }
        #expect(throws: ScriptProblem.self) { try values.newRecord(json: "[1]") }
    }

    @Test func expectationsComparedWithTheRecordNameWhatIsThereNow() throws {
        let values = ChangeValues(layout: Fixture.layout("Category"))
        let record = try values.newRecord(setting: [FieldAssignment(field: "name", text: "Food")])
        let expected = try values.expectations([FieldAssignment(field: "name", text: "Fool"), FieldAssignment(field: "kind", text: "")])
        let unmet = values.unmet(expected, by: record)
        #expect(unmet.map(\.field) == ["name"])
        #expect(unmet.first?.now == .string("Food"))
    }
}
