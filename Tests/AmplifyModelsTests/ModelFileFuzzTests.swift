import AmplifyModels
import AppSync
import Foundation
import GraphQL
import Testing

/// Issue 29 item 9: names a models file may not use, because the API generated for it would
/// declare them twice (or they are GraphQL's own), each refused with the path of the entry at
/// fault; then a seeded fuzz over the fixtures: whatever a file becomes, it is read or refused in
/// one line, and what is read builds as a GraphQL schema in both dialects.
@Suite struct ModelFileFuzzTests {
    // MARK: Files made by hand

    static func field(_ name: String, _ type: Any = "String", required: Bool = false) -> [String: Any] {
        ["name": name, "isArray": false, "type": type, "isRequired": required, "attributes": [] as [Any]]
    }

    static func model(_ name: String, plural: String? = nil, fields: [[String: Any]] = [], key: [String]? = nil) -> [String: Any] {
        var all = key == nil ? [field("id", "ID", required: true)] : []
        all += fields
        var model: [String: Any] = [
            "name": name, "pluralName": plural ?? name + "s", "attributes": [["type": "model", "properties": [:] as [String: Any]]],
            "fields": Dictionary(all.map { ($0["name"] as! String, $0) }, uniquingKeysWith: { first, _ in first }),
        ]
        if let key {
            model["primaryKeyInfo"] = ["isCustomPrimaryKey": true, "primaryKeyFieldName": key[0], "sortKeyFieldNames": Array(key.dropFirst())]
        }
        return model
    }

    /// An outputs file whose `model_introspection` holds these entries, keyed by their names.
    static func file(models: [[String: Any]], enums: [[String: Any]] = [], nonModels: [[String: Any]] = []) -> Data {
        func keyed(_ entries: [[String: Any]]) -> [String: Any] {
            Dictionary(entries.map { ($0["name"] as! String, $0) }, uniquingKeysWith: { first, _ in first })
        }
        let introspection: [String: Any] = ["version": 1, "models": keyed(models), "enums": keyed(enums), "nonModels": keyed(nonModels)]
        return try! JSONSerialization.data(withJSONObject: ["version": "1.4", "data": ["model_introspection": introspection]], options: [.sortedKeys])
    }

    static func error(_ data: Data) -> ModelDescriptionError? {
        do {
            _ = try ModelIntrospectionReader.read(data)
            return nil
        } catch {
            return error
        }
    }

    static let prefix = "data.model_introspection."

    /// Two entries of one name: the embedded server's resolvers by name trapped ("Duplicate
    /// values for key"); now the second is named.
    @Test func twoModelsOfOneNameAreRefused() {
        // Keyed apart, named alike.
        let text = String(decoding: Self.file(models: [Self.model("Book")]), as: UTF8.self)
            .replacingOccurrences(of: "\"models\":{", with: "\"models\":{\"Other\":{\"name\":\"Book\",\"pluralName\":\"Volumes\",\"fields\":{}},")
        // "Other" comes first in the text: the second of the name is the one named.
        let error = Self.error(Data(text.utf8))
        #expect(error?.path == Self.prefix + "models.Book")
        #expect(error?.problem == "the name Book is taken: it is the name of models.Other; give the entry another name")
    }

    /// JSON lets a key come twice; a description may not (which one is meant?).
    @Test func aKeyThatComesTwiceIsRefused() throws {
        let once = String(decoding: Self.file(models: [Self.model("Book")]), as: UTF8.self)
        let book = try #require(once.range(of: "\"Book\":{")).lowerBound
        // The whole entry again, after the first.
        let entry = String(decoding: try JSONSerialization.data(withJSONObject: Self.model("Book"), options: [.sortedKeys]), as: UTF8.self)
        var twice = once
        twice.insert(contentsOf: "\"Book\":\(entry),", at: book)
        let error = Self.error(Data(twice.utf8))
        #expect(error?.path == Self.prefix + "models.Book")
        #expect(error?.problem == "the key \"Book\" comes twice in this object; keep one")
        // Inside an entry too.
        let member = once.replacingOccurrences(of: "\"name\":\"Book\"", with: "\"name\":\"Book\",\"name\":\"Novel\"")
        #expect(Self.error(Data(member.utf8))?.path == Self.prefix + "models.Book.name")
    }

    @Test func graphQLsOwnNamesAndTheGeneratedOnesAreRefused() {
        let cases: [(String, String)] = [
            ("Query", "it is the API's query type"), ("Mutation", "it is the API's mutation type"),
            ("Subscription", "it is the API's subscription type"), ("String", "it is one of GraphQL's built-in scalars"),
            ("ID", "it is one of GraphQL's built-in scalars"), ("AWSDateTime", "it is one of AppSync's scalars"),
            ("ModelStringInput", "it is a type every generated API declares"),
            ("ModelSortDirection", "it is a type every generated API declares"),
            ("ModelIDKeyConditionInput", "it is a type every generated API declares"),
        ]
        for (name, owner) in cases {
            let error = Self.error(Self.file(models: [Self.model(name)]))
            #expect(error?.path == Self.prefix + "models.\(name)", "\(name)")
            #expect(error?.problem == "the name \(name) is taken: \(owner); give the entry another name", "\(name)")
        }
        let introspection = Self.error(Self.file(models: [Self.model("__Type")]))
        #expect(introspection?.problem == "__Type starts with __, which GraphQL keeps for introspection")
    }

    @Test func twoModelsOfOnePluralAreRefused() {
        let error = Self.error(Self.file(models: [Self.model("Person", plural: "People"), Self.model("Human", plural: "People")]))
        // Keys are sorted in the file: Human comes first.
        #expect(error?.path == Self.prefix + "models.Person.pluralName")
        #expect(error?.problem == "People is also the plural of models.Human: their list queries (listPeople) would collide")
    }

    @Test func anEnumOrACustomTypeNamedLikeAModelIsRefused() {
        let enumeration: [String: Any] = ["name": "Book", "values": ["A", "B"]]
        let error = Self.error(Self.file(models: [Self.model("Book")], enums: [enumeration]))
        #expect(error?.path == Self.prefix + "enums.Book")
        #expect(error?.problem == "the name Book is taken: it is the name of models.Book; give the entry another name")
        let custom: [String: Any] = ["name": "Book", "fields": ["title": Self.field("title")]]
        #expect(Self.error(Self.file(models: [Self.model("Book")], nonModels: [custom]))?.path == Self.prefix + "nonModels.Book")
    }

    /// Names that meet only in what the API generates from them.
    @Test func generatedNamesThatCollideAreRefused() {
        // An enum BookFilter's filter input is ModelBookFilterInput, the model Book's filter input.
        let filter: [String: Any] = ["name": "BookFilter", "values": ["A"]]
        let error = Self.error(Self.file(models: [Self.model("Book")], enums: [filter]))
        #expect(error?.path == Self.prefix + "enums.BookFilter")
        #expect(error?.problem == "its filter input ModelBookFilterInput would collide with the filter input the API generates for models.Book: give it another name")
        // A model named like another's connection.
        let connection = Self.error(Self.file(models: [Self.model("Book"), Self.model("ModelBookConnection", plural: "Connections")]))
        #expect(connection?.path == Self.prefix + "models.Book")
        #expect(connection?.problem.contains("ModelBookConnection would collide with the name of models.ModelBookConnection") == true)
        // A custom type CreateBook, whose input would be the model Book's create input.
        let custom: [String: Any] = ["name": "CreateBook", "fields": ["title": Self.field("title")]]
        let input = Self.error(Self.file(models: [Self.model("Book")], nonModels: [custom]))
        #expect(input?.path == Self.prefix + "nonModels.CreateBook")
        #expect(input?.problem == "its input type CreateBookInput would collide with the create input the API generates for models.Book: give it another name")
    }

    @Test func fieldsTheAPIAddsItselfAreRefused() {
        for name in ["_version", "_deleted", "_lastChangedAt", "and", "or", "not", "__typename"] {
            let error = Self.error(Self.file(models: [Self.model("Book", fields: [Self.field(name)])]))
            #expect(error?.path == Self.prefix + "models.Book.fields.\(name)", "\(name)")
        }
        // A custom key that is also one of the list query's own arguments.
        let key = Self.error(Self.file(models: [Self.model("Book", fields: [Self.field("limit", "ID", required: true)], key: ["limit"])]))
        #expect(key?.path == Self.prefix + "models.Book.primaryKeyInfo")
        #expect(key?.problem == "the key field limit would be a second argument limit of listBooks: give the field another name")
        let twice = Self.error(Self.file(models: [Self.model("Book", fields: [Self.field("code", "ID", required: true)], key: ["code", "code"])]))
        #expect(twice?.problem == "its key names the field code twice")
        // Enum values and custom type fields.
        let values = Self.error(Self.file(models: [Self.model("Book")], enums: [["name": "Mood", "values": ["HAPPY", "SAD", "HAPPY"]]]))
        #expect(values?.path == Self.prefix + "enums.Mood.values[2]")
        #expect(Self.error(Self.file(models: [Self.model("Book")], enums: [["name": "Flag", "values": ["true"]]]))?.path == Self.prefix + "enums.Flag.values[0]")
    }

    /// Found by the fuzz: a relation to a model the file does not describe (one renamed) made a
    /// schema that names an unknown type; the model is read-only with the reason, and `serve`
    /// refuses it (`ServedModels`).
    @Test func aRelationToAModelNotDescribedMakesTheModelReadOnly() throws {
        let relation: [String: Any] = [
            "name": "shelf", "isArray": false, "type": ["model": "Shelf"], "isRequired": false,
            "association": ["connectionType": "BELONGS_TO", "targetNames": ["shelfId"]],
        ]
        let schema = try ModelIntrospectionReader.read(Self.file(models: [Self.model("Book", fields: [Self.field("shelfId", "ID"), relation])]))
        #expect(try schema.require("Book").readOnlyReasons == ["the field shelf's model Shelf is not described"])
    }

    /// The oracle the fuzz trusts: a GraphQL library refuses the schema each of these would have made.
    @Test func theLibraryRefusesWhatTheCheckRefuses() {
        let book = AmplifyModel(name: "Book", pluralName: "Books", fields: [ModelField(name: "id", type: .scalar(.id), isRequired: true)])
        var samePlural = book
        samePlural.name = "Novel"
        var query = book
        query.name = "Query"
        query.pluralName = "Queries"
        for schema in [ModelSchema(models: [book, samePlural]), ModelSchema(models: [query]),
                       ModelSchema(models: [book], enums: ["Book": ModelEnum(name: "Book", values: ["A"])])] {
            #expect(throws: (any Error).self) { try buildSchema(source: TransformerSDL.text(schema, dialect: .plain)) }
        }
    }

    // MARK: The fuzz

    /// Names a mutation may give an entry: reserved, generated, and each other's.
    static let namePool = [
        "Query", "Mutation", "Subscription", "String", "Int", "ID", "Boolean", "Float", "AWSDate", "AWSJSON", "ModelStringInput",
        "ModelSortDirection", "ModelAttributeTypes", "ModelSizeInput", "ModelSubscriptionIDInput", "ModelIntKeyConditionInput",
        "__Schema", "Book", "Reader", "Review", "Award", "Quote", "ReadingStatus", "ModelReaderConnection", "CreateReaderInput",
        "ReaderFilter", "QuoteInput", "ModelReadingStatusInput", "Transaction", "Budget", "Category", "People", "Readers", "Books",
    ]
    static let fieldPool = ["and", "or", "not", "_version", "_deleted", "__typename", "id", "filter", "limit", "nextToken", "title"]

    /// One file made from a fixture by 1 to 3 mutations, and whether each could only be refused
    /// as a whole (a byte changed, a cut: the error may have no path).
    static func mutated(_ random: inout SeededDraws) throws -> (Data, structural: Bool, what: [String]) {
        let fixture = random.pick(Fixtures.all)
        var root = try #require(JSONSerialization.jsonObject(with: Fixtures.data(fixture)) as? [String: Any])
        var what = [fixture]
        var textEdits: [(inout String) -> Void] = []
        var structural = true
        for _ in 0...random.next(3) {
            var data = root["data"] as! [String: Any]
            var introspection = data["model_introspection"] as! [String: Any]
            var models = introspection["models"] as! [String: Any]
            var enums = introspection["enums"] as? [String: Any] ?? [:]
            var nonModels = introspection["nonModels"] as? [String: Any] ?? [:]
            let modelKeys = models.keys.sorted()
            let kind = random.next(10)
            switch kind {
            case 0, 1:  // a model renamed
                let key = random.pick(modelKeys), name = random.pick(namePool)
                var model = models[key] as! [String: Any]
                model["name"] = name
                models[key] = model
                what.append("models.\(key).name = \(name)")
            case 2:  // a plural taken from another model
                let key = random.pick(modelKeys), other = random.pick(modelKeys)
                var model = models[key] as! [String: Any]
                model["pluralName"] = (models[other] as! [String: Any])["pluralName"]
                models[key] = model
                what.append("models.\(key).pluralName = models.\(other)'s")
            case 3:  // an enum or a custom type renamed
                if let key = enums.keys.sorted().first, random.next(2) == 0 {
                    var entry = enums[key] as! [String: Any]
                    entry["name"] = random.pick(namePool + modelKeys)
                    enums[key] = entry
                    what.append("enums.\(key) renamed")
                } else if let key = nonModels.keys.sorted().first {
                    var entry = nonModels[key] as! [String: Any]
                    entry["name"] = random.pick(namePool + modelKeys)
                    nonModels[key] = entry
                    what.append("nonModels.\(key) renamed")
                }
            case 4:  // a field named like what the API adds
                let key = random.pick(modelKeys), name = random.pick(fieldPool)
                var model = models[key] as! [String: Any]
                var fields = model["fields"] as! [String: Any]
                fields["added\(random.next(1000))"] = ModelFileFuzzTests.field(name)
                model["fields"] = fields
                models[key] = model
                what.append("models.\(key) gets a field \(name)")
            case 5:  // an entry written twice (a raw duplicate key)
                let key = random.pick(modelKeys)
                textEdits.append { text in
                    guard let range = text.range(of: "\"\(key)\":{") else { return }
                    text.insert(contentsOf: "\"\(key)\":{\"name\":\"\(key)\",\"pluralName\":\"Again\",\"fields\":{}},", at: range.lowerBound)
                }
                what.append("models.\(key) twice")
            case 6:  // deep nesting where the reader skips
                let depth = random.pick([64, 127, 129, 5000])
                root["extra"] = (0..<min(depth, 200)).reduce([Any]()) { nested, _ in [nested] }
                if depth > 200 {
                    textEdits.append { text in text = "{\"deep\":" + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "," + text.dropFirst() }
                }
                if depth >= 127 { structural = false }  // refused as the whole text: nested too deep
                what.append("nested \(depth) deep")
            case 7:  // cut short
                let cut = random.next(1000)
                textEdits.append { text in text = String(text.prefix(max(0, text.count * cut / 1000))) }
                structural = false
                what.append("cut at \(cut)‰")
            case 8:  // bytes changed
                let edits = (0..<1 + random.next(4)).map { _ in (random.next(1_000_000), random.next(256)) }
                textEdits.append { text in
                    var bytes = Array(text.utf8)
                    for (offset, byte) in edits where !bytes.isEmpty { bytes[offset % bytes.count] = UInt8(byte) }
                    text = String(decoding: bytes, as: UTF8.self)
                }
                structural = false
                what.append("bytes changed")
            default:  // a model copied under another key, same name
                let key = random.pick(modelKeys)
                models["Copy\(random.next(100))"] = models[key]
                what.append("models.\(key) copied")
            }
            introspection["models"] = models
            introspection["enums"] = enums
            introspection["nonModels"] = nonModels
            data["model_introspection"] = introspection
            root["data"] = data
        }
        var text = String(decoding: try JSONSerialization.data(withJSONObject: root, options: [.sortedKeys]), as: UTF8.self)
        for edit in textEdits { edit(&text) }
        return (Data(text.utf8), structural, what)
    }

    /// Replay with `PROPTUI_FUZZ_SEED=<seed> swift test --filter ModelFileFuzzTests`.
    @Test func anyFileIsReadOrRefusedInOneLineAndWhatIsReadBuilds() throws {
        let seed = ProcessInfo.processInfo.environment["PROPTUI_FUZZ_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 0...UInt64.max)
        print("ModelFileFuzzTests seed: \(seed) (PROPTUI_FUZZ_SEED=\(seed) replays it)")
        var random = SeededDraws(state: seed)
        var (read, refused) = (0, 0)
        for round in 0..<400 {
            let (data, structural, what) = try Self.mutated(&random)
            let context = "seed \(seed), round \(round): \(what.joined(separator: "; "))"
            // One round in eight is held to a limit just under its size: refused as a whole, never read.
            // (A file cut to nothing has no size to be under: it is read, and refused as not JSON.)
            let limited = random.next(8) == 0 && !data.isEmpty
            let limits = limited ? DescriptionLimits(maximumBytes: max(0, data.count - 1)) : DescriptionLimits()
            let schema: ModelSchema
            do {
                schema = try ModelIntrospectionReader.read(data, limits: limits)
                #expect(!limited, "\(context): read past its size limit")
            } catch {
                if limited { #expect(error == ModelDescriptionError(path: "", problem: "the file is larger than \(limits.maximumBytes) bytes")) }
                refused += 1
                #expect(!error.description.isEmpty && !error.description.contains("\n"), "\(context): \(error)")
                if structural && !limited { #expect(!error.path.isEmpty, "\(context): \(error)") }
                continue
            }
            read += 1
            #expect(Set(schema.models.map(\.name)).count == schema.models.count, "\(context)")
            #expect(Set(schema.models.map(\.pluralName)).count == schema.models.count, "\(context)")
            // What would be served (every model servable) builds as a schema, in both dialects.
            guard schema.models.allSatisfy({ $0.readOnlyReasons.isEmpty }) else { continue }
            for dialect in [DocumentDialect.plain, .versioned] {
                do {
                    _ = try buildSchema(source: TransformerSDL.text(schema, dialect: dialect))
                } catch {
                    Issue.record("\(context): the \(dialect) schema does not build: \(error)")
                }
            }
        }
        // Both outcomes were exercised.
        #expect(read > 0 && refused > 0, "read \(read), refused \(refused)")
    }
}
