import AmplifyModels
import Foundation
import PropertyBased
import Testing

/// Broken descriptions end in an error that says what is wrong and where, never in a crash or
/// a hang; what is merely unknown is kept, and makes its model read-only with the reason.
@Suite struct MalformedDescriptionTests {
    /// The finance fixture with one change made to its parsed tree (written back with its keys
    /// sorted: compare it with `finance { _ in }`, not with the file).
    static func finance(_ change: (inout [String: Any]) -> Void) throws -> Data {
        var root = try #require(JSONSerialization.jsonObject(with: Fixtures.data("finance.json")) as? [String: Any])
        change(&root)
        return try JSONSerialization.data(withJSONObject: root, options: [.sortedKeys])
    }

    /// Edits `data.model_introspection.models.Transaction` in place.
    static func transaction(_ change: @escaping (inout [String: Any]) -> Void) throws -> Data {
        try finance { root in
            var data = root["data"] as! [String: Any]
            var introspection = data["model_introspection"] as! [String: Any]
            var models = introspection["models"] as! [String: Any]
            var model = models["Transaction"] as! [String: Any]
            change(&model)
            models["Transaction"] = model
            introspection["models"] = models
            data["model_introspection"] = introspection
            root["data"] = data
        }
    }

    static func field(_ name: String, _ change: @escaping (inout [String: Any]) -> Void) throws -> Data {
        try transaction { model in
            var fields = model["fields"] as! [String: Any]
            var field = fields[name] as! [String: Any]
            change(&field)
            fields[name] = field
            model["fields"] = fields
        }
    }

    static func error(reading data: Data) -> ModelDescriptionError? {
        do {
            _ = try ModelIntrospectionReader.read(data)
            return nil
        } catch {
            return error
        }
    }

    @Test func aWrongKindOfValueIsNamedWithItsPath() throws {
        let error = Self.error(reading: try Self.field("amount") { $0["isRequired"] = "yes" })
        #expect(error == ModelDescriptionError(
            path: "data.model_introspection.models.Transaction.fields.amount.isRequired",
            problem: "expected true or false, found a string"))
        #expect(error?.description == "data.model_introspection.models.Transaction.fields.amount.isRequired: expected true or false, found a string")
    }

    @Test func aMissingMemberIsNamed() throws {
        let error = Self.error(reading: try Self.transaction { $0["pluralName"] = nil })
        #expect(error == ModelDescriptionError(path: "data.model_introspection.models.Transaction", problem: "pluralName is missing"))
    }

    /// Names are written into documents as they are: one that is not a GraphQL name is refused.
    @Test func aNameThatIsNotAGraphQLNameIsRefused() throws {
        let error = Self.error(reading: try Self.field("amount") { $0["name"] = "amount } evil {" })
        #expect(error?.path == "data.model_introspection.models.Transaction.fields.amount.name")
        #expect(error?.problem == "\"amount } evil {\" is not a GraphQL name")
        let badEnum = Self.error(reading: try Self.finance { root in
            var data = root["data"] as! [String: Any]
            var introspection = data["model_introspection"] as! [String: Any]
            introspection["enums"] = ["Kind": ["name": "Kind", "values": ["A", "B C"]]]
            data["model_introspection"] = introspection
            root["data"] = data
        })
        #expect(badEnum?.path == "data.model_introspection.enums.Kind.values[1]")
    }

    @Test func anUnknownConnectionTypeIsNamed() throws {
        let error = Self.error(reading: try Self.transaction { model in
            var fields = model["fields"] as! [String: Any]
            fields["budget"] = ["name": "budget", "isArray": false, "type": ["model": "Budget"], "isRequired": false,
                                "association": ["connectionType": "MANY_TO_MANY"]]
            model["fields"] = fields
        })
        #expect(error?.path == "data.model_introspection.models.Transaction.fields.budget.association.connectionType")
    }

    @Test func anOutputsFileWithoutModelsSaysSo() throws {
        let error = Self.error(reading: try Self.finance { root in
            var data = root["data"] as! [String: Any]
            data["model_introspection"] = nil
            root["data"] = data
        })
        #expect(error == ModelDescriptionError(path: "data", problem: "model_introspection is missing: the backend's outputs describe no data models"))
        #expect(Self.error(reading: Data("[1, 2]".utf8))?.problem == "expected an object, found an array")
        #expect(Self.error(reading: Data(#"{"version": "1.4"}"#.utf8))?.problem.contains("neither data.model_introspection") == true)
    }

    @Test func anUnknownVersionIsRefused() throws {
        let error = Self.error(reading: try Self.finance { root in
            var data = root["data"] as! [String: Any]
            var introspection = data["model_introspection"] as! [String: Any]
            introspection["version"] = 2
            data["model_introspection"] = introspection
            root["data"] = data
        })
        #expect(error?.path == "data.model_introspection.version")
    }

    @Test func textThatIsNotJSONSaysWhere() {
        let error = Self.error(reading: Data("{\n  \"data\": {\n    \"url\": 'x'\n  }\n}".utf8))
        #expect(error?.path == "")
        #expect(error?.problem == "the file is not JSON (line 3, column 12: expected a value)")
    }

    @Test func extraKeysAreIgnored() throws {
        let plain = try ModelIntrospectionReader.read(try Self.finance { _ in })
        let extra = try ModelIntrospectionReader.read(try Self.field("amount") { field in
            field["somethingNew"] = ["nested": [1, 2, 3]]
            field["attributes"] = [["type": "whatever", "properties": ["x": 1]]]
        })
        #expect(extra == plain)
    }

    @Test func anUnknownFieldTypeIsKeptAndMakesTheModelReadOnly() throws {
        let schema = try ModelIntrospectionReader.read(try Self.field("amount") { $0["type"] = "AWSBigDecimal" })
        let transaction = try schema.require("Transaction")
        #expect(try transaction.require("amount").type == .unknown("AWSBigDecimal"))
        #expect(transaction.readOnlyReasons == ["the field amount has the type AWSBigDecimal, which this app does not know"])
        let access = transaction.access(with: [.userPools])
        #expect(access.readOnlyReason == "the field amount has the type AWSBigDecimal, which this app does not know")
        #expect(access.allows(.read) && !access.allows(.update))
        // The other models are untouched.
        #expect(try schema.require("Budget").access(with: [.userPools]).readOnlyReason == nil)
        #expect(!transaction.editableFields(for: .create).map(\.name).contains("amount"))
    }

    @Test func anUndescribedEnumOrAMissingKeyFieldMakesTheModelReadOnly() throws {
        let schema = try ModelIntrospectionReader.read(try Self.field("type") { $0["type"] = ["enum": "Nowhere"] })
        #expect(try schema.require("Transaction").readOnlyReasons == ["the field type's enum Nowhere is not described"])
        let keyless = try ModelIntrospectionReader.read(try Self.transaction { model in
            model["primaryKeyInfo"] = ["isCustomPrimaryKey": true, "primaryKeyFieldName": "sku", "sortKeyFieldNames": [String]()]
        })
        #expect(try keyless.require("Transaction").readOnlyReasons == ["its key field sku is not among its fields"])
    }

    @Test func deepNestingAndHugeFilesEndInAnError() {
        // Inside a member the reader skips: every value is read, and held to the limit.
        let deep = Data(("{\"extra\": " + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "}").utf8)
        #expect(Self.error(reading: deep)?.problem.contains("nested more than 128 deep") == true)
        let limits = DescriptionLimits(maximumBytes: 1000)
        #expect(throws: ModelDescriptionError(path: "", problem: "the file is larger than 1000 bytes")) {
            try ModelIntrospectionReader.read(Data(count: 2000), limits: limits)
        }
    }

    /// Any damage to a real file (a byte changed, a cut) is read or refused, never a crash.
    @Test func damagedFilesAreReadOrRefused() async throws {
        let original = [UInt8](try Fixtures.data("reading-club.json"))
        let damage = zip(Gen.int(in: 0...(original.count - 1)), Gen.int(in: 0...255), Gen.int(in: 0...2)).array(of: 1...4)
        await propertyCheck(count: 300, input: damage) { edits in
            var bytes = original
            for (offset, byte, kind) in edits where offset < bytes.count {
                switch kind {
                case 0: bytes[offset] = UInt8(byte)
                case 1: bytes.removeSubrange(offset...)
                default: bytes.insert(UInt8(byte), at: offset)
                }
            }
            do {
                _ = try ModelIntrospectionReader.read(Data(bytes))
            } catch {
                #expect(!"\(error)".isEmpty)
            }
        }
    }
}
