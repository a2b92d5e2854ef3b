import AmplifyModels
import JSONValues
import ScriptChanges
import Testing

@Suite struct RowCheckerTests {
    let checker = RowChecker(layout: Fixture.layout("Transaction"))

    @Test func everyProblemOfARowIsSaidWithItsLineAndField() {
        let row = ImportRow(line: 7, cells: .text(["description": "", "amount": "abc", "kind": "SOMETIMES", "date": "2026-02-30", "colour": "red"]))
        guard case .failure(let problems) = checker.values(of: row) else {
            Issue.record("a bad row passed")
            return
        }
        #expect(problems.all.map(\.field) == ["amount", "colour", "date", "description", "kind"])
        #expect(problems.all.allSatisfy { $0.line == 7 })
        #expect(problems.all.first?.description == "line 7, amount: Expected a number, like 12.5.")
        #expect(problems.all.contains { $0.field == "colour" && $0.message == "Transaction has no field colour" })
    }

    @Test func aMissingRequiredFieldIsAProblem() {
        let row = ImportRow(line: 2, cells: .json(["description": "x", "kind": "EXPENSE", "date": "2026-01-02"]))
        guard case .failure(let problems) = checker.values(of: row) else { Issue.record("passed"); return }
        #expect(problems.all.map(\.field) == ["amount"])
    }

    @Test func whatTheServerWritesIsPassedOver() throws {
        // A line `proptui export` wrote imports again as it is.
        let row = ImportRow(line: 1, cells: .json([
            "id": "3f0c1f2e-0000-4000-8000-000000000001", "description": "x", "amount": .double(1.5), "kind": "EXPENSE", "date": "2026-01-02",
            "createdAt": "2026-01-01T00:00:00.000Z", "updatedAt": "2026-01-01T00:00:00.000Z", "_version": 3, "__typename": "Transaction",
        ]))
        let values = try checker.values(of: row).get()
        #expect(values["createdAt"] == nil)
        #expect(try checker.record(values, key: nil).id.text == "3f0c1f2e-0000-4000-8000-000000000001")
    }

    @Test func aCompositeKeysFieldsAreRequired() {
        let budget = RowChecker(layout: Fixture.layout("Budget"))
        let row = ImportRow(line: 3, cells: .json(["tenantId": "t", "title": "Rent", "limit": 1, "months": [1]]))
        guard case .failure(let problems) = budget.values(of: row) else { Issue.record("passed"); return }
        #expect(problems.all == [RowProblem(line: 3, field: "sku", message: "a key field needs a value")])
        #expect(!budget.generatesID)
    }
}
