import GraphQL

/// The fast path for the common shape of the read queries: one query operation whose root
/// fields are `listRealEstateProperties` / `syncRealEstateProperties` (selecting `items { … }`
/// of scalar fields, `nextToken`, `startedAt`, `__typename`) or `getRealEstateProperty`
/// (selecting scalar fields), with aliases, arguments inline or in variables.
///
/// GraphQLSwift's execution makes a task per list item and per field and a `Map` per value
/// (~100 ms for a page of 1,000). Here the library still parses, validates and executes the
/// operation, root resolvers included, so arguments, variables, the resolver count, the
/// response budget, the deadline and every error stay the library's; but it executes a copy of
/// the document whose root fields select only `__typename`. The resolvers leave what they read
/// in a `PageCapture`, and the selected fields are rendered from it, in the document's order,
/// with the values the library's scalar serialization gives, straight to JSON bytes. Any other shape (fragments,
/// directives, duplicate response keys, nested objects, several operations) is not planned and
/// goes through the library as it is.
struct FastPagePlan: Sendable {
    /// The document the library executes: the request's, with each root field selecting only `__typename`.
    let executedDocument: Document
    /// What to render for each root field, by response key.
    private let roots: [String: Root]

    private enum Root: Sendable {
        case page([PageField])
        case record([RecordField])
    }

    private enum PageField: Sendable {
        case items(key: String, fields: [RecordField])
        case nextToken(key: String)
        case startedAt(key: String)
        case typename(key: String)
    }

    private struct RecordField: Sendable {
        let key: String
        let name: String
    }

    private static let pageFields: Set<String> = ["listRealEstateProperties", "syncRealEstateProperties"]
    private static let recordField = "getRealEstateProperty"
    private static let recordFieldNames = Set(PropertyRecord.fieldNames + ["__typename"])

    /// The plan for a validated `document`, or nil when it is not of the fast path's shape.
    /// `typenameOnly` is the selection set `{ __typename }` (parsed once by the caller).
    init?(document: Document, typenameOnly: SelectionSet) {
        guard document.definitions.count == 1, let operation = document.definitions.first as? OperationDefinition,
            operation.operation == .query, operation.directives.isEmpty
        else { return nil }
        var roots: [String: Root] = [:]
        var executedSelections: [any Selection] = []
        for selection in operation.selectionSet.selections {
            guard let field = selection as? Field, field.directives.isEmpty, let selectionSet = field.selectionSet else { return nil }
            let key = field.alias?.value ?? field.name.value
            guard roots[key] == nil else { return nil }
            if Self.pageFields.contains(field.name.value) {
                guard let fields = Self.pageFields(of: selectionSet) else { return nil }
                roots[key] = .page(fields)
            } else if field.name.value == Self.recordField {
                guard let fields = Self.recordFields(of: selectionSet) else { return nil }
                roots[key] = .record(fields)
            } else {
                return nil
            }
            executedSelections.append(field.set(value: .node(typenameOnly), key: "selectionSet"))
        }
        let executedOperation = operation.set(
            value: .node(operation.selectionSet.set(value: .array(executedSelections), key: "selections")), key: "selectionSet")
        executedDocument = document.set(value: .array([executedOperation]), key: "definitions")
        self.roots = roots
    }

    private static func pageFields(of selectionSet: SelectionSet) -> [PageField]? {
        var fields: [PageField] = []
        var keys = Set<String>()
        for selection in selectionSet.selections {
            guard let field = selection as? Field, field.directives.isEmpty, field.arguments.isEmpty else { return nil }
            let key = field.alias?.value ?? field.name.value
            guard keys.insert(key).inserted else { return nil }
            switch (field.name.value, field.selectionSet) {
            case ("items", let items?):
                guard let itemFields = recordFields(of: items) else { return nil }
                fields.append(.items(key: key, fields: itemFields))
            case ("nextToken", nil): fields.append(.nextToken(key: key))
            case ("startedAt", nil): fields.append(.startedAt(key: key))
            case ("__typename", nil): fields.append(.typename(key: key))
            default: return nil
            }
        }
        return fields
    }

    private static func recordFields(of selectionSet: SelectionSet) -> [RecordField]? {
        var fields: [RecordField] = []
        var keys = Set<String>()
        for selection in selectionSet.selections {
            guard let field = selection as? Field, field.directives.isEmpty, field.arguments.isEmpty, field.selectionSet == nil,
                recordFieldNames.contains(field.name.value)
            else { return nil }
            let key = field.alias?.value ?? field.name.value
            guard keys.insert(key).inserted else { return nil }
            fields.append(RecordField(key: key, name: field.name.value))
        }
        return fields
    }

    /// The answer's JSON, as the library path would send it for `result`: `data` with each root
    /// field that produced a value written from what its resolver read (the others, null where
    /// they failed, as the library answered), then the library's errors.
    func encodedAnswer(_ result: GraphQLResult, from capture: PageCapture) -> [UInt8] {
        var rows = 0
        for read in capture.reads() { if case .page(let page) = read { rows += page.records.count } }
        var json = AnswerJSONWriter(reservingCapacity: 256 + rows * 300)
        json.raw("{")
        json.key("data", first: true)
        if case .dictionary(let fields)? = result.data {
            json.raw("{")
            for (index, (key, value)) in fields.enumerated() {
                json.key(key, first: index == 0)
                switch (value, roots[key], capture.read(forKey: key)) {
                case (.null, _, _): json.null()
                case (_, .page(let pageFields)?, .page(let page)?): Self.write(page, pageFields, to: &json)
                case (_, .record(let recordFields)?, .record(let record?)?): Self.write(record, recordFields, to: &json)
                default: json.raw(Self.encoded(value))
                }
            }
            json.raw("}")
        } else {
            json.raw(Self.encoded(result.data ?? .null))
        }
        if !result.errors.isEmpty {
            json.key("errors", first: false)
            json.raw(Self.encoded(.array(result.errors.map(GraphQLErrorFormatter.resolverError))))
        }
        json.raw("}")
        return json.bytes
    }

    /// A value the library produced, as the library path encodes it.
    private static func encoded(_ value: Map) -> [UInt8] {
        if value == .null { return Array("null".utf8) }
        // Encoding a Map built from JSON-able values cannot fail.
        return (try? Array(GraphQLJSONEncoder().encode(value))) ?? Array("null".utf8)
    }

    private static func write(_ page: PropertyPage, _ fields: [PageField], to json: inout AnswerJSONWriter) {
        json.raw("{")
        for (index, field) in fields.enumerated() {
            switch field {
            case .items(let key, let recordFields):
                json.key(key, first: index == 0)
                json.raw("[")
                for (row, record) in page.records.enumerated() {
                    if row > 0 { json.raw(",") }
                    write(record, recordFields, to: &json)
                }
                json.raw("]")
            case .nextToken(let key):
                json.key(key, first: index == 0)
                if let token = page.nextToken { json.string(token) } else { json.null() }
            case .startedAt(let key):
                json.key(key, first: index == 0)
                if let startedAt = page.startedAt { json.int(Int(startedAt)) } else { json.null() }
            case .typename(let key):
                json.key(key, first: index == 0)
                json.string("ModelRealEstatePropertyConnection")
            }
        }
        json.raw("}")
    }

    private static func write(_ record: PropertyRecord, _ fields: [RecordField], to json: inout AnswerJSONWriter) {
        json.raw("{")
        for (index, field) in fields.enumerated() {
            json.key(field.key, first: index == 0)
            switch field.name {
            case "id": json.string(record.id)
            case "name": json.string(record.name)
            case "address": if let address = record.address { json.string(address) } else { json.null() }
            case "createdAt": json.string(record.createdAt)
            case "updatedAt": json.string(record.updatedAt)
            case "_version": json.int(record.version)
            case "_deleted": if let deleted = record.deleted { json.bool(deleted) } else { json.null() }
            case "_lastChangedAt": json.int(Int(record.lastChangedAt))
            default: json.string("RealEstateProperty")  // __typename: the only other name planned
            }
        }
        json.raw("}")
    }
}
