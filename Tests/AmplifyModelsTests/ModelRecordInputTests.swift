import AmplifyModels
import AppSync
import Testing

/// The variables a record's mutations take: only editable fields, the whole key, `_version` on
/// the versioned dialect, and on the plain one a condition on what the change was made against.
@Suite struct ModelRecordInputTests {
    static let schema = ModelRecordTests.schema
    static let budgets = ModelRecordTests.budgets

    static let budget = ModelRecord(
        layout: budgets, key: RecordKey([.text("t1"), .text("A-1")]),
        values: [
            "title": .string("Food"), "limit": .float(250), "period": .enumValue("MONTHLY"), "settings": .json(["alert": true]),
            "months": .list([.int(1)]), "reviewAt": .null, "createdAt": .string("2026-11-25T10:00:00.000Z"),
            "updatedAt": .string("2026-11-25T10:00:00.000Z"),
        ],
        version: 2)

    @Test func aCreateSendsEveryEditableValueNeverAServerField() throws {
        let sync = try ModelRecordSync(model: Self.budgets.model, schema: Self.schema, dialect: .versioned)
        let variables = sync.createVariables(Self.budget)
        #expect(variables == ["input": [
            "tenantId": "t1", "sku": "A-1", "title": "Food", "limit": .double(250), "period": "MONTHLY",
            "settings": #"{"alert":true}"#, "months": [1],
        ]])
        #expect(sync.mutation(.create, variables: variables).text.hasPrefix("mutation CreateBudget($input: CreateBudgetInput!) {"))
    }

    @Test func anUpdateAndADeleteCarryTheWholeKeyAndTheVersionOnTheVersionedDialect() throws {
        let sync = try ModelRecordSync(model: Self.budgets.model, schema: Self.schema, dialect: .versioned)
        let patch = ModelRecordPatch(["title": .string("Meals"), "period": .null, "sku": .string("B"), "updatedAt": .string("x")])
        #expect(sync.updateVariables(Self.budget.id, patch, base: Self.budget) == ["input": [
            "tenantId": "t1", "sku": "A-1", "title": "Meals", "period": nil, "_version": 2,
        ]])
        #expect(sync.deleteVariables(Self.budget.id, base: Self.budget) == ["input": ["tenantId": "t1", "sku": "A-1", "_version": 2]])
        #expect(sync.getVariables(Self.budget.id) == ["tenantId": "t1", "sku": "A-1"])
        #expect(sync.mutation(.update, variables: sync.updateVariables(Self.budget.id, patch, base: Self.budget)).text.contains("$condition") == false)
    }

    @Test func thePlainDialectConditionsAChangeOnItsBase() throws {
        let sync = try ModelRecordSync(model: Self.budgets.model, schema: Self.schema, dialect: .plain)
        let patch = ModelRecordPatch(["title": .string("Meals"), "reviewAt": .string("09:30"), "settings": .json([:])])
        let variables = sync.updateVariables(Self.budget.id, patch, base: Self.budget)
        #expect(variables["input"] == ["tenantId": "t1", "sku": "A-1", "title": "Meals", "reviewAt": "09:30", "settings": "{}"])
        // JSON cannot be compared by a condition: the record's `updatedAt` as seen guards it
        // instead (issue 29); a null base is absent or null.
        guard case .string(let seen)? = Self.budget["updatedAt"] else {
            Issue.record("the fixture's budget has no updatedAt")
            return
        }
        #expect(variables["condition"] == ["and": [
            ["or": [["reviewAt": ["attributeExists": false]], ["reviewAt": ["attributeType": "_null"]]]],
            ["title": ["eq": "Food"]],
            ["updatedAt": ["eq": .string(seen)]],
        ]])
        #expect(sync.mutation(.update, variables: variables).text.contains("condition: $condition"))
        #expect(sync.updateVariables(Self.budget.id, patch, base: nil)["condition"] == nil, "no base, nothing to check")
        let delete = sync.deleteVariables(Self.budget.id, base: Self.budget)
        #expect(delete["input"] == ["tenantId": "t1", "sku": "A-1"])
        #expect(delete["condition"]?["and"] != nil, "a delete is conditioned on what the user saw")
    }
}
