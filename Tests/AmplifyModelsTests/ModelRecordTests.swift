import AmplifyModels
import AppSync
import Testing

/// `ModelRecord` as a value: one reference, a copy changed leaves the original, equality and
/// hashing see every field, patches laid over it, and what is refused when it is made.
@Suite struct ModelRecordTests {
    static let schema = try! Fixtures.schema("household-budget.json")
    static let transactions = try! RecordLayout(model: schema.model(named: "Transaction")!, schema: schema)
    static let budgets = try! RecordLayout(model: schema.model(named: "Budget")!, schema: schema)

    static let values: [String: ModelValue] = [
        "description": .string("Bread"), "amount": .float(2.5), "quantity": .int(3), "kind": .enumValue("EXPENSE"),
        "date": .string("2026-11-25"), "bookedAt": .string("2026-11-25T10:00:00+01:00"), "tags": .list([.string("bakery"), .null]),
        "receipt": .json(["merchant": "Bakery", "total": .double(2.5), "lines": ["bread"]]),
        "categoryId": .string("0f8e4c2a-9b1d-4e7f-a3c5-1d2e3f4a5b6c"),
        "createdAt": .string("2026-11-25T10:00:00.000Z"), "updatedAt": .string("2026-11-25T10:00:01.250Z"),
    ]
    let original = ModelRecord(
        layout: transactions, key: RecordKey("9a1b2c3d-0000-4000-8000-00000000abcd"), values: values, version: 3,
        lastChangedAt: 1_764_064_801_250)

    @Test func aRecordIsOneReferenceAndReadsBackEveryValue() {
        #expect(MemoryLayout<ModelRecord>.size == MemoryLayout<AnyObject>.size)
        #expect(original.values.count == Self.transactions.fields.count)
        for (name, value) in Self.values { #expect(original[name] == value, "\(name)") }
        #expect(original["id"] == .string("9a1b2c3d-0000-4000-8000-00000000abcd"))
        #expect(original["category"] == nil, "a relation is not a record's value")
        #expect(original.createdAt == "2026-11-25T10:00:00.000Z" && original.updatedAt == "2026-11-25T10:00:01.250Z")
        #expect(original.version == 3 && original.lastChangedAt == 1_764_064_801_250 && !original.isDeleted)
        #expect(Self.transactions.fields.map(\.name) == [
            "id", "description", "amount", "quantity", "kind", "date", "bookedAt", "tags", "receipt", "categoryId", "createdAt", "updatedAt", "owner",
        ], "the owner field Amplify left implicit is the server's")
    }

    /// A cached row is left out when a required field holds null; found without making values.
    @Test func theFirstRequiredFieldHoldingNullIsFoundInTheBytes() {
        #expect(original.firstRequiredFieldHoldingNull == nil)
        var missing = original
        missing["amount"] = .null
        missing["description"] = .null
        #expect(missing.firstRequiredFieldHoldingNull?.name == "description", "both are required: the first in field order")
        missing["description"] = .string("Bread")
        #expect(missing.firstRequiredFieldHoldingNull?.name == "amount")
        var optionalOnly = original
        for field in Self.transactions.fields where !field.isRequired && field.name != "id" { optionalOnly[field.name] = .null }
        #expect(optionalOnly.firstRequiredFieldHoldingNull == nil, "nulls in optional fields are no reason")
        #expect(missing.values.contains(.null), "the null is held, not refused when set")
    }

    @Test func changingACopyLeavesTheOriginal() {
        let before = original
        let changes: [(String, (inout ModelRecord) -> Void)] = [
            ("key", { $0.id = .random() }),
            ("description", { $0["description"] = .string("Another description, longer than the first") }),
            ("quantity cleared", { $0["quantity"] = .null }),
            ("category cleared", { $0["categoryId"] = .null }),
            ("category empty", { $0["categoryId"] = .string("") }),  // an empty text is not null
            ("tags", { $0["tags"] = .list([]) }),
            ("receipt", { $0["receipt"] = .json(["merchant": "Other"]) }),
            ("version", { $0.version += 1 }),
            ("deleted", { $0.isDeleted = true }),
            ("last changed", { $0.lastChangedAt = nil }),
            ("updated", { $0["updatedAt"] = .string("2026-11-25T10:00:01.251Z") }),
            ("updated as text", { $0["updatedAt"] = .string("2026-11-25T10:00:01Z") }),  // does not pack: kept as text
            ("updated cleared", { $0["updatedAt"] = .null }),
            ("float zero", { $0["amount"] = .float(0) }),
        ]
        var seen: Set<ModelRecord> = [original]
        for (field, change) in changes {
            var copy = original
            change(&copy)
            #expect(original == before, "changing \(field) of a copy changed the original")
            #expect(copy != original, "\(field)")
            #expect(seen.insert(copy).inserted, "\(field): hashed as another record")
        }
        var setBack = original
        setBack["description"] = .string("X")
        setBack["description"] = .string("Bread")
        #expect(setBack == original && setBack.hashValue == original.hashValue)
        var negativeZero = original
        negativeZero["amount"] = .float(-0.0)
        var zero = original
        zero["amount"] = .float(0)
        #expect(negativeZero == zero, "equal values, equal records")
    }

    @Test func aPatchSetsItsFieldsAndClearsWithNull() throws {
        let patch = ModelRecordPatch(["description": .string("Rolls"), "quantity": .null, "tags": .list([.string("x")])])
        let patched = original.applying(patch)
        #expect(patched["description"] == .string("Rolls") && patched["quantity"] == .null && patched["tags"] == .list([.string("x")]))
        #expect(patched["amount"] == .float(2.5) && patched.id == original.id && patched.version == 3)
        #expect(original["description"] == .string("Bread"))
        #expect(original.applying(ModelRecordPatch()) == original)
        // The key is never changed by a patch: it is what addresses the record.
        #expect(original.applying(ModelRecordPatch(["id": .string("other")])) == original)
        #expect(patch.merging(ModelRecordPatch(["quantity": .int(4)])).changes["quantity"] == .int(4))
    }

    @Test func aCheckedPatchRefusesWhatAnUpdateCannotSet() {
        #expect(throws: ModelRecordError.notEditable(model: "Transaction", field: "id")) {
            try ModelRecordPatch.checked(["id": .string("x")], layout: Self.transactions)
        }
        #expect(throws: ModelRecordError.notEditable(model: "Transaction", field: "updatedAt")) {
            try ModelRecordPatch.checked(["updatedAt": .string("2026-11-25T10:00:00.000Z")], layout: Self.transactions)
        }
        #expect(throws: ModelRecordError.unknownField(model: "Transaction", field: "colour")) {
            try ModelRecordPatch.checked(["colour": .string("x")], layout: Self.transactions)
        }
        #expect(throws: ModelRecordError.invalidValue(model: "Transaction", field: "amount", ValueError(expected: "a value: the field is required (a number, like 12.5)"))) {
            try ModelRecordPatch.checked(["amount": .null], layout: Self.transactions)
        }
        #expect(throws: ModelRecordError.self) { try ModelRecordPatch.checked(["date": .string("tomorrow")], layout: Self.transactions) }
        #expect((try? ModelRecordPatch.checked(["kind": .enumValue("INCOME"), "quantity": .null], layout: Self.transactions)) != nil)
        let message = "\(ModelRecordError.invalidValue(model: "Transaction", field: "date", ValueError(expected: "a date like 2026-11-25")))"
        #expect(message == "Transaction.date: Expected a date like 2026-11-25.")
    }

    @Test func aNewRecordIsCheckedAndGetsAKey() throws {
        let made = try ModelRecord.checked(
            ["description": .string("Milk"), "amount": .float(1), "kind": .enumValue("EXPENSE"), "date": .string("2026-11-25")],
            layout: Self.transactions)
        #expect(made.id.text.count == 36 && made.version == 0 && made.createdAt == nil)
        #expect(throws: ModelRecordError.self) {
            try ModelRecord.checked(["description": .string("Milk"), "kind": .enumValue("EXPENSE"), "date": .string("2026-11-25")], layout: Self.transactions)
        }
        #expect(throws: ModelRecordError.notEditable(model: "Transaction", field: "createdAt")) {
            try ModelRecord.checked(["createdAt": .string("2026-11-25T10:00:00.000Z")], layout: Self.transactions)
        }
        #expect(throws: ModelRecordError.missingKey(model: "Budget", field: "sku")) {
            try ModelRecord.checked(["tenantId": .string("t1"), "title": .string("Food"), "limit": .float(1), "months": .list([])], layout: Self.budgets)
        }
        let budget = try ModelRecord.checked(
            ["tenantId": .string("t1"), "sku": .string("A-1"), "title": .string("Food"), "limit": .float(1), "months": .list([])], layout: Self.budgets)
        #expect(budget.id == RecordKey([.text("t1"), .text("A-1")]) && budget["sku"] == .string("A-1"))
    }

    @Test func aTombstoneKeepsItsKeyVersionAndTimesOnly() {
        var deleted = original
        deleted.isDeleted = true
        let stripped = deleted.strippedTombstone()
        #expect(stripped.id == original.id && stripped.version == 3 && stripped.isDeleted && stripped.lastChangedAt == original.lastChangedAt)
        #expect(stripped.createdAt == original.createdAt && stripped.updatedAt == original.updatedAt)
        #expect(stripped["description"] == .null && stripped["receipt"] == .null)
    }

    @Test func aModelWhoseKeyCannotBeOneHasNoRecords() {
        let model = AmplifyModel(name: "Flag", pluralName: "Flags", fields: [ModelField(name: "on", type: .scalar(.boolean), isRequired: true)],
                                 primaryKey: PrimaryKey(partitionKey: "on"))
        #expect(throws: ModelRecordError.unusableKey(model: "Flag", field: "on")) { try RecordLayout(model: model, schema: ModelSchema(models: [model])) }
        let keyless = AmplifyModel(name: "Lost", pluralName: "Losts", fields: [ModelField(name: "name", type: .scalar(.string))])
        #expect(throws: ModelRecordError.unusableKey(model: "Lost", field: "id")) { try RecordLayout(model: keyless, schema: ModelSchema(models: [keyless])) }
    }
}
