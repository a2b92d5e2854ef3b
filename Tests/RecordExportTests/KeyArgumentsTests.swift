import AmplifyModels
@testable import RecordExport
import Testing

/// `proptui get MODEL KEY...`: keys as a command line writes them.
@Suite struct KeyArgumentsTests {
    @Test func aOneFieldKeyIsOneValueEach() throws {
        let (model, schema) = try Budget.model("Transaction")
        #expect(try KeyArguments.keys(["a", "b"], model: model, schema: schema) == [RecordKey("a"), RecordKey("b")])
        #expect(try KeyArguments.keys(["id=a"], model: model, schema: schema) == [RecordKey("a")])
    }

    @Test func aCompositeKeyIsItsValuesInOrderOrPairsInAnyOrder() throws {
        let (model, schema) = try Budget.model("Budget")
        let expected = [RecordKey([.init(text: "t1"), .init(text: "food")]), RecordKey([.init(text: "t2"), .init(text: "rent")])]
        #expect(try KeyArguments.keys(["t1", "food", "t2", "rent"], model: model, schema: schema) == expected)
        #expect(try KeyArguments.keys(["sku=food", "tenantId=t1", "tenantId=t2", "sku=rent"], model: model, schema: schema) == expected)
        #expect(try KeyArguments.keys(["t1", "sku=food", "sku=rent", "t2"], model: model, schema: schema) == expected)
        #expect(KeyArguments.text(of: expected[0], model: model) == "tenantId=t1 sku=food")
    }

    /// `update` and `delete` take one key, written as `get` takes them.
    @Test func aChangeNamesExactlyOneKey() throws {
        let (model, schema) = try Budget.model("Budget")
        let expected = RecordKey([.init(text: "t1"), .init(text: "food")])
        #expect(try KeyArguments.key(["t1", "food"], model: model, schema: schema) == expected)
        #expect(try KeyArguments.key(["sku=food", "tenantId=t1"], model: model, schema: schema) == expected)
        #expect(throws: KeyArgumentError.self) { try KeyArguments.key(["t1", "food", "t2", "rent"], model: model, schema: schema) }
        #expect(throws: KeyArgumentError.self) { try KeyArguments.key(["t1"], model: model, schema: schema) }
    }

    @Test(arguments: [
        (["t1"], "the last key lacks sku"),
        (["tenantId=t1", "tenantId=t2"], "this key already has tenantId"),
        ([], "give a key"),
        (["t1", ""], "cannot be empty"),
    ])
    func mistakesAreSaid(arguments: [String], said: String) throws {
        let (model, schema) = try Budget.model("Budget")
        #expect {
            try KeyArguments.keys(arguments, model: model, schema: schema)
        } throws: { error in
            "\(error)".contains(said) && (arguments.isEmpty || said.contains("empty") || "\(error)".contains("tenantId sku in that order"))
        }
    }
}
