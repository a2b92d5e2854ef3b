@testable import AmplifyModels
import AppSync
import Foundation
@testable import LocalAppSync
import OptimisticStore
@testable import SyncEngine
import Testing

/// Issue 29, item 1 (and 11's nesting): a custom type that holds itself, or nests deeper than a
/// query may go, is read as deep as the document may go; a value read whole is shown and
/// edited whole, and a value that goes deeper than was read is shown cut and never written
/// back, so the server's deeper levels survive every change the app makes.
@Suite struct DeepValueTests {
    /// `Tree.root: Node`, where `Node` holds itself twice (`child`, `kids`); and `Deep.top: L0`,
    /// a chain of `depth` custom types each holding the next.
    static func models(chain depth: Int) -> ServedModels {
        var nonModels: [String: Any] = [
            "Node": ["name": "Node", "fields": [
                "v": ["name": "v", "type": "String", "isRequired": false, "isArray": false, "attributes": []],
                "child": ["name": "child", "type": ["nonModel": "Node"], "isRequired": false, "isArray": false, "attributes": []],
                "kids": ["name": "kids", "type": ["nonModel": "Node"], "isRequired": false, "isArray": true, "isArrayNullable": true, "attributes": []],
            ]],
        ]
        for level in 0..<depth {
            var fields: [String: Any] = ["v": ["name": "v", "type": "String", "isRequired": false, "isArray": false, "attributes": []]]
            if level + 1 < depth {
                fields["next"] = ["name": "next", "type": ["nonModel": "L\(level + 1)"], "isRequired": false, "isArray": false, "attributes": []]
            }
            nonModels["L\(level)"] = ["name": "L\(level)", "fields": fields]
        }
        func model(_ name: String, _ field: String, _ type: String) -> [String: Any] {
            ["name": name, "pluralName": name + "s", "attributes": [["type": "model", "properties": [:]]],
             "primaryKeyInfo": ["isCustomPrimaryKey": false, "primaryKeyFieldName": "id", "sortKeyFieldNames": []],
             "fields": [
                "id": ["name": "id", "type": "ID", "isRequired": true, "isArray": false, "attributes": []],
                "name": ["name": "name", "type": "String", "isRequired": true, "isArray": false, "attributes": []],
                field: ["name": field, "type": ["nonModel": type], "isRequired": false, "isArray": false, "attributes": []],
                "createdAt": ["name": "createdAt", "type": "AWSDateTime", "isRequired": false, "isArray": false, "attributes": [], "isReadOnly": true],
                "updatedAt": ["name": "updatedAt", "type": "AWSDateTime", "isRequired": false, "isArray": false, "attributes": [], "isReadOnly": true],
             ]]
        }
        let file: [String: Any] = ["version": 1, "models": ["Tree": model("Tree", "root", "Node"), "Deep": model("Deep", "top", "L0")],
                                   "enums": [:], "nonModels": nonModels]
        return try! ServedModels(file: JSONSerialization.data(withJSONObject: file))
    }

    /// A `Node` tree `depth` levels deep: each node a child and one kid (null members written
    /// out, as an answer holds them).
    static func tree(_ depth: Int, _ label: String = "n") -> JSONValue {
        guard depth > 0 else { return .null }
        return .object([
            "v": .string("\(label)\(depth)"),
            "child": tree(depth - 1, label + "c"),
            "kids": depth > 1 ? .array([tree(depth - 1, label + "k")]) : .null,
        ])
    }

    /// `L0` holding `L1` … down to `L(depth - 1)`, whose `next` is null.
    static func chain(_ depth: Int, from level: Int = 0) -> JSONValue {
        .object(["v": .string("level \(level)"), "next": level + 1 < depth ? chain(depth, from: level + 1) : .null])
    }

    static func api(_ client: AppSyncClient, _ models: ServedModels, _ name: String, _ dialect: APIDialect) throws -> AppSyncModelAPI<ModelRecordSync> {
        let model = models.schema.models.first { $0.name == name }!
        return AppSyncModelAPI(client: client, model: try ModelRecordSync(model: model, schema: models.schema, dialect: .versioned), dialect: dialect)
    }

    /// What the server holds for `field` of the record with `id`, read straight from its store
    /// as JSON, however deep.
    static func stored(_ client: AppSyncClient, _ api: AppSyncModelAPI<ModelRecordSync>, _ id: RecordKey, _ field: String) async throws -> JSONValue? {
        try await api.get(id: id).flatMap { $0[field] }.flatMap { if case .json(let json) = $0 { json } else { nil } }
    }

    @Test(arguments: [APIDialect.versioned, .plain])
    func aValueReadWholeIsWholeAndOneDeeperIsCutAndNeverWrittenBack(dialect: APIDialect) async throws {
        let models = Self.models(chain: 40)
        try await ModelAPITests.withServer(models, dialect: dialect) { client in
            let api = try Self.api(client, models, "Tree", dialect)
            let layout = api.model.layout
            let codec = try #require(layout.index(of: "root").map { layout.codecs[$0] })

            // A tree of 4 levels is read whole: shown, compared and edited as it is.
            let small = try ModelRecord.checked(["name": .string("small"), "root": .json(Self.tree(4))], layout: layout)
            let created = try await api.send(.create(small))
            let smallRoot = try #require(created["root"])
            #expect(!codec.isCut(smallRoot))
            #expect(smallRoot == small["root"], "read back whole: \(codec.text(smallRoot))")

            // A tree deeper than any selection: read as deep as the document goes, the rest cut.
            let levels = SelectionSet(nonModels: layout.schema.nonModels).levels(for: layout.model.fields)
            #expect(levels >= 4, "a type holding itself twice is still read several levels deep")
            let big = try ModelRecord.checked(["name": .string("big"), "root": .json(Self.tree(levels + 3))], layout: layout)
            let bigCreated = try await api.send(.create(big))
            let bigRoot = try #require(bigCreated["root"])
            #expect(codec.isCut(bigRoot))
            #expect(codec.text(bigRoot).contains(FieldValueCodec.cutText))
            // A cut value is refused as a change: it cannot be sent by mistake.
            #expect(throws: ModelRecordError.self) { try ModelRecordPatch.checked(["root": bigRoot], layout: layout) }

            // Changing another field leaves the deep value alone on the server.
            let renamed = try await api.send(.update(id: big.id, ModelRecordPatch(["name": .string("big, renamed")]), base: bigCreated))
            #expect(renamed["root"] == bigRoot && renamed["name"] == .string("big, renamed"))
        }
    }

    /// 40 levels of nested custom types (`L0` … `L39`): the app's documents stay within the
    /// server's depth limit (it used to refuse the app's own queries), the model is read, and a
    /// value past the selection is cut.
    @Test(arguments: [APIDialect.versioned, .plain])
    func aChainDeeperThanTheQueryLimitIsReadAsFarAsItGoes(dialect: APIDialect) async throws {
        let models = Self.models(chain: 40)
        try await ModelAPITests.withServer(models, dialect: dialect) { client in
            let api = try Self.api(client, models, "Deep", dialect)
            let layout = api.model.layout
            let codec = try #require(layout.index(of: "top").map { layout.codecs[$0] })
            let shallow = try ModelRecord.checked(["name": .string("shallow"), "top": .json(Self.chain(5))], layout: layout)
            let created = try await api.send(.create(shallow))
            #expect(created["top"] == shallow["top"] && !codec.isCut(created["top"]!))
            let deep = try ModelRecord.checked(["name": .string("deep"), "top": .json(Self.chain(15))], layout: layout)
            let deepCreated = try await api.send(.create(deep))
            #expect(codec.isCut(deepCreated["top"]!))
            let page = try await api.syncPage(limit: 100, nextToken: nil, lastSync: nil)
            #expect(page.records.count == 2)
        }
    }

    /// The selection's size stays bounded whatever the types: a type holding itself five times is
    /// read fewer levels deep rather than in a document of millions of fields.
    @Test func theSelectionStaysWithinItsBudget() throws {
        let wide = NonModelType(name: "W", fields: ["a", "b", "c", "d", "e"].map { ModelField(name: $0, type: .nonModel("W"), isRequired: false, isList: false) }
            + [ModelField(name: "v", type: .scalar(.string), isRequired: false, isList: false)])
        let selection = SelectionSet(nonModels: ["W": wide])
        let field = ModelField(name: "w", type: .nonModel("W"), isRequired: false, isList: false)
        let levels = selection.levels(for: [field])
        let text = selection.fields([field])
        let count = text.split(separator: " ").filter { $0 != "{" && $0 != "}" }.count
        #expect(levels >= 2 && levels < SelectionSet.maximumLevels)
        #expect(count <= SelectionSet.maximumFields, "\(count) fields")
        #expect(text.contains("__typename"))
    }
}

/// A record holding a value read in part is never made again from it: an undone delete is
/// refused with the reason (it sent the part's marker, which the server refused as invalid and
/// the list took for an API that lacks what it needs: sending stopped).
@Suite(.serialized) struct DeepValueUndoTests {
    @Test(arguments: [APIDialect.versioned, .plain])
    func anUndoneDeleteOfARecordReadInPartIsRefusedAndNothingIsSent(dialect: APIDialect) async throws {
        let models = DeepValueTests.models(chain: 2)
        try await ModelRecordListTests.withBackend(dialect, models: models) { backend in
            let (list, api) = try UndoDeleteTests.list(backend, model: "Tree")
            await list.start()
            let layout = api.model.layout
            let deep = try ModelRecord.checked(["name": .string("deep"), "root": .json(DeepValueTests.tree(12))], layout: layout)
            try await list.create(deep)
            await ModelRecordListTests.settled(list)
            let shown = try #require(await list.row(deep.id)?.record)
            #expect(shown.fieldsNotReadWhole == ["root"])
            try await list.delete(deep.id)
            await ModelRecordListTests.settled(list)
            let outcome = await list.undo()
            guard case .notPossible(let message) = outcome else {
                Issue.record("undone: \(outcome.message)")
                return
            }
            #expect(message.contains("root went deeper than was read"), "\(message)")
            #expect(await list.pendingCount == 0, "nothing sent")
            #expect(await list.currentConnectivity == .online, "sending goes on")
            #expect(DeleteConfirmation.notes(children: [], dialect: dialect, keyIsGenerated: true, notReadWhole: ["root"])
                == ["Its root goes deeper than was read: u cannot bring it back whole."])
        }
    }
}
