import GraphQL
import OrderedCollections

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
/// with the values the library's scalar serialization gives. Any other shape (fragments,
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
        var executedSelections: [Selection] = []
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

    /// The answer's `data`: the library's (root fields null where they failed), with each root
    /// field that produced a value rendered from what its resolver read.
    func render(_ data: Map?, from capture: PageCapture) -> Map? {
        guard case .dictionary(var fields)? = data else { return data }
        for (key, value) in fields where value != .null {
            guard let root = roots[key], let read = capture.read(forKey: key) else { continue }
            switch (root, read) {
            case (.page(let pageFields), .page(let page)): fields[key] = Self.render(page, pageFields)
            case (.record(let recordFields), .record(let record?)): fields[key] = Self.render(record, recordFields)
            default: continue
            }
        }
        return .dictionary(fields)
    }

    private static func render(_ page: PropertyPage, _ fields: [PageField]) -> Map {
        var object: OrderedDictionary<String, Map> = [:]
        object.reserveCapacity(fields.count)
        for field in fields {
            switch field {
            case .items(let key, let recordFields): object[key] = .array(page.records.map { render($0, recordFields) })
            case .nextToken(let key): object[key] = page.nextToken.map(Map.string) ?? .null
            case .startedAt(let key): object[key] = page.startedAt.map { .number(Number(Int($0))) } ?? .null
            case .typename(let key): object[key] = .string("ModelRealEstatePropertyConnection")
            }
        }
        return .dictionary(object)
    }

    private static func render(_ record: PropertyRecord, _ fields: [RecordField]) -> Map {
        var object: OrderedDictionary<String, Map> = [:]
        object.reserveCapacity(fields.count)
        for field in fields {
            object[field.key] =
                switch field.name {
                case "id": .string(record.id)
                case "name": .string(record.name)
                case "address": record.address.map(Map.string) ?? .null
                case "createdAt": .string(record.createdAt)
                case "updatedAt": .string(record.updatedAt)
                case "_version": .number(Number(record.version))
                case "_deleted": record.deleted.map(Map.bool) ?? .null
                case "_lastChangedAt": .number(Number(Int(record.lastChangedAt)))
                default: .string("RealEstateProperty")  // __typename: the only other name planned
                }
        }
        return .dictionary(object)
    }
}
