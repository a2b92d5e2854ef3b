import AmplifyModels
import Foundation
import GraphQL
import JSONValues
import Testing
@testable import LocalAppSync

/// The fast path (`FastPagePlan`) for your own models against the library: generated documents
/// selecting every kind of field (enums, Float, Int, AWSDate, AWSJSON, AWSTimestamp, lists, a
/// custom type, `__typename` at every depth, aliases), answered by two servers over one store,
/// must be the same bytes. The store also holds items the library refuses to answer as they
/// are (a null in a non-null field, an enum value not declared, an `Int` past 32 bits): a
/// request reading one is answered by the library, with its errors.
@Suite struct ModelsFastPathTests {
    static let typenameOnly = (try! parse(source: "{ __typename }").definitions[0] as! OperationDefinition).selectionSet

    @Test(arguments: ServedDialect.allCases)
    func generatedDocumentsAnswerAsTheLibraryDoes(dialect: ServedDialect) async throws {
        let directory = TestServer.temporaryDirectory()
        let models = try ModelsServerTests.models()
        let configure = { (configuration: inout LocalAppSyncConfiguration) in
            configuration.models = models
            configuration.schema = dialect
        }
        try await TestServer.with(directory: directory, configure: configure) { fast in
            try await Self.fill(fast, versioned: dialect == .versioned)
            try await TestServer.with(directory: directory, configure: { configure(&$0); $0.fastPagePath = false }) { library in
                var generator = ModelDocumentGenerator(seed: 0xFA57_0000 + (dialect == .gen2 ? 2 : 1), versioned: dialect == .versioned)
                var planned = 0
                for _ in 0..<200 {
                    let (query, sync) = generator.next()
                    let shapes = fast.server.graphQL.shapes
                    if FastPagePlan(document: try parse(source: query), typenameOnly: Self.typenameOnly, shapes: shapes) != nil { planned += 1 }
                    let body = try TestServer.body(query)
                    let (fastAnswer, libraryAnswer) = (try await fast.post(body: body), try await library.post(body: body))
                    #expect(fastAnswer.status == 200 && libraryAnswer.status == 200)
                    let normalize = { (text: String) in
                        sync ? text.replacingOccurrences(of: "\"startedAt\":[0-9]+", with: "\"startedAt\":0", options: .regularExpression) : text
                    }
                    #expect(normalize(fastAnswer.text) == normalize(libraryAnswer.text), "\(query)")
                    #expect(FastPagePathTests.sameErrors(fastAnswer.json["errors"], libraryAnswer.json["errors"]))
                }
                // Most documents are of the fast path's shape (else this compares the library with itself).
                #expect(planned > 150)
            }
        }
    }

    @Test func anItemTheLibraryRefusesIsAnsweredByTheLibrary() async throws {
        let directory = TestServer.temporaryDirectory()
        let configure = { (configuration: inout LocalAppSyncConfiguration) in configuration.models = try! ModelsServerTests.models() }
        try await TestServer.with(directory: directory, configure: configure) { fast in
            try await Self.fill(fast, versioned: false)
            try await TestServer.with(directory: directory, configure: { configure(&$0); $0.fastPagePath = false }) { library in
                for id in Self.refusedIDs {
                    for query in [
                        #"{ getTransaction(id: "\#(id)") { id description kind quantity } }"#,
                        "{ listTransactions(limit: 1000) { items { id description kind quantity } nextToken } }",
                    ] {
                        let (fastAnswer, libraryAnswer) = (try await fast.post(body: try TestServer.body(query)), try await library.post(body: try TestServer.body(query)))
                        #expect(fastAnswer.text == libraryAnswer.text, "\(query)")
                        #expect(!fastAnswer.json["errors"].isNull, "\(query): the library refuses the item")
                    }
                }
            }
        }
    }

    static let refusedIDs = ["refused-null", "refused-enum", "refused-int"]

    /// Items of every model with values of every kind, JSON escapes, numbers of every form, and
    /// three the library refuses, written straight into the store.
    static func fill(_ server: TestServer, versioned: Bool) async throws {
        let texts = ["Plain", "Café \"Müller\" </b>", "Line\nbreak \\ tab\t", "😀 東京", "Ctl \u{01}\u{1F}\u{7F}"]
        let amounts: [Map] = [2.5, 0.1, 3, -7, 1e20, 123456.789, 1e-7]
        for index in 0..<30 {
            var input: [String: Map] = [
                "id": .string("t\(index)"), "description": .string(texts[index % texts.count] + " \(index)"),
                "amount": amounts[index % amounts.count], "kind": index % 2 == 0 ? "EXPENSE" : "INCOME", "date": "2026-11-25",
            ]
            if index % 3 != 0 { input["quantity"] = .number(Number(index * 1000 - 7000)) }
            if index % 4 != 1 { input["tags"] = .array((0..<(index % 4)).map { .string("tag \($0) \(texts[$0 % texts.count])") }) }
            if index % 5 != 2 {
                input["receipt"] = [
                    "merchant": .string(texts[(index + 1) % texts.count]), "total": amounts[(index + 3) % amounts.count],
                    "lines": .array((0..<(index % 3)).map { .string("line \($0)") }),
                ]
            }
            if index % 6 == 0 { input["bookedAt"] = "2026-11-25T09:30:00.123Z" }
            let created = try await server.graphQL(
                "mutation ($input: CreateTransactionInput!) { createTransaction(input: $input) { id } }", variables: ["input": .dictionary(.init(uniqueKeysWithValues: input.map { ($0.key, $0.value) }))])
            #expect(created["errors"].isNull, "\(created)")
        }
        for index in 0..<8 {
            let created = try await server.graphQL(
                "mutation ($input: CreateBudgetInput!) { createBudget(input: $input) { sku } }",
                variables: ["input": [
                    "tenantId": .string("t\(index % 2)"), "sku": .string("S-\(index)"), "title": .string(texts[index % texts.count]),
                    "limit": amounts[index % amounts.count], "period": index % 2 == 0 ? "MONTHLY" : .null,
                    "settings": index % 3 == 0 ? #"{"alert":true,"nested":{"a":[1,2]}}"# : .null, "lastRunAt": .number(Number(1_764_081_000 + index)),
                    "months": .array((0..<index).map { .number(Number($0)) }), "reviewAt": index % 2 == 0 ? "09:30" : .null,
                ]])
            #expect(created["errors"].isNull, "\(created)")
        }
        for index in 0..<5 {
            try await server.graphQL(
                "mutation ($name: String!) { createCategory(input: {name: $name, kind: EXPENSE, isArchived: \(index % 2 == 0)}) { id } }",
                variables: ["name": .string(texts[index])])
        }
        if versioned {
            try await server.graphQL(#"mutation { updateTransaction(input: {id: "t1", description: "Renamed", _version: 1}) { id } }"#)
            try await server.graphQL(#"mutation { deleteTransaction(input: {id: "t2", _version: 1}) { id } }"#)
        }
        let database = try #require(server.server.store as? ModelItemDatabase)
        let refused: [(String, [String: JSONValue])] = [
            ("refused-null", ["amount": .double(1), "kind": .string("EXPENSE"), "date": .string("2026-11-25")]),
            ("refused-enum", ["description": .string("x"), "amount": .double(1), "kind": .string("REFUND"), "date": .string("2026-11-25")]),
            ("refused-int", ["description": .string("x"), "amount": .double(1), "kind": .string("INCOME"), "date": .string("2026-11-25"), "quantity": .int(1 << 40)]),
        ]
        for (id, attributes) in refused {
            var attributes = attributes
            attributes["id"] = .string(id)
            if versioned { (attributes["_version"], attributes["_lastChangedAt"]) = (.int(1), .int(1)) }
            let item = ModelItem(attributes: attributes)
            try await database.write(model: "Transaction", key: ItemKey(values: [.string(id)])) { _, _ in (item, ()) }
        }
    }
}

/// Documents of the fast path's shape for the household-budget models (and now and then one
/// that selects a relation, which the library answers), from a seeded generator.
struct ModelDocumentGenerator {
    var random: SeedRandom
    let versioned: Bool

    init(seed: UInt64, versioned: Bool) {
        random = SeedRandom(base: seed, 0)
        self.versioned = versioned
    }

    static let receiptFields = ["merchant", "total", "lines", "scannedAt", "__typename"]
    static let fields: [String: [String]] = [
        "Transaction": ["id", "description", "amount", "quantity", "kind", "date", "bookedAt", "tags", "receipt", "categoryId", "createdAt", "updatedAt", "__typename"],
        "Budget": ["tenantId", "sku", "title", "limit", "period", "startsOn", "reviewAt", "settings", "lastRunAt", "months", "createdAt", "updatedAt", "__typename"],
        "Category": ["id", "name", "kind", "isArchived", "createdAt", "updatedAt", "__typename"],
    ]
    static let plurals = ["Transaction": "Transactions", "Budget": "Budgets", "Category": "Categories"]
    static let versionFields = ["_version", "_deleted", "_lastChangedAt"]

    /// A document, and whether it reads a sync (whose `startedAt` is the time of the request).
    mutating func next() -> (query: String, sync: Bool) {
        var roots: [String] = []
        var sync = false
        for index in 0..<(1 + pick(2)) {
            let model = ["Transaction", "Budget", "Category"][pick(3)]
            let alias = index > 0 || pick(4) == 0 ? "r\(index): " : ""
            let selection = records(of: model)
            switch pick(model == "Transaction" ? 4 : 3) {
            case 0 where model == "Transaction":
                let id = (["t\(pick(32))"] + ModelsFastPathTests.refusedIDs.prefix(pick(6) == 0 ? 3 : 0)).randomElement(using: &random)!
                roots.append(#"\#(alias)getTransaction(id: "\#(id)") { \#(selection) }"#)
            case 1 where versioned:
                sync = true
                roots.append("\(alias)sync\(Self.plurals[model]!)(limit: \(1 + pick(40))) { items { \(selection) } startedAt __typename }")
            default:
                let filter = pick(4) == 0 && model == "Transaction" ? ", filter: {kind: {eq: EXPENSE}}" : ""
                roots.append("\(alias)list\(Self.plurals[model]!)(limit: \(1 + pick(40))\(filter)) { items { \(selection) } nextToken __typename }")
            }
        }
        return ("{ " + roots.joined(separator: " ") + " }", sync)
    }

    private mutating func records(of model: String) -> String {
        var names = Self.fields[model]! + (versioned ? Self.versionFields : [])
        if model == "Transaction", pick(10) == 0 { names.append("category") }  // a relation: the library's
        var chosen = names.filter { _ in pick(3) != 0 }
        if chosen.isEmpty { chosen = [names[pick(names.count)]] }
        return chosen.enumerated().map { index, name in
            let alias = pick(8) == 0 ? "a\(index): " : ""
            switch name {
            case "receipt":
                let inner = Self.receiptFields.filter { _ in pick(2) == 0 }
                return alias + "receipt { \((inner.isEmpty ? ["merchant"] : inner).joined(separator: " ")) }"
            case "category": return "category { id name }"
            default: return alias + name
            }
        }.joined(separator: " ")
    }

    private mutating func pick(_ count: Int) -> Int { Int(random.next() % UInt64(count)) }
}
