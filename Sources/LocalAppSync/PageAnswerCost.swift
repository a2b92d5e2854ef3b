import GraphQL

/// What a page costs in the answer, from what the document selects under its `items`: each
/// response key (an alias of `name` is one more copy of the name) for each record. A page is
/// first charged as its records' JSON (`PropertyRecord.estimatedJSONBytes`, one copy of each
/// field); a document that selects 500 aliases per record would otherwise build an answer of
/// hundreds of megabytes from a page charged at a few hundred kilobytes.
struct PageAnswerCost: Sendable {
    /// The fields selected under every `items` of the page's root field, by response key.
    private let itemFields: [(key: String, name: String)]

    /// Read from the document as sent, not from the resolver's view: on the fast path the
    /// library executes a document whose pages select only `__typename`.
    init(root: Field, fragments: [String: FragmentDefinition]) {
        var fields: [(key: String, name: String)] = []
        if let connection = root.selectionSet {
            for items in SelectionSets.fields(of: connection, fragments: fragments) where items.name.value == "items" {
                guard let record = items.selectionSet else { continue }
                fields += SelectionSets.fields(of: record, fragments: fragments).map { ($0.alias?.value ?? $0.name.value, $0.name.value) }
            }
        }
        itemFields = fields
    }

    /// The cost of each root field's page, by response key.
    static func byResponseKey(_ operation: OperationDefinition?, in document: Document) -> [String: PageAnswerCost] {
        guard let operation else { return [:] }
        var fragments: [String: FragmentDefinition] = [:]
        for case let fragment as FragmentDefinition in document.definitions { fragments[fragment.name.value] = fragment }
        var costs: [String: PageAnswerCost] = [:]
        for root in SelectionSets.rootFields(of: operation, in: document) {
            costs[root.alias?.value ?? root.name.value] = PageAnswerCost(root: root, fragments: fragments)
        }
        return costs
    }

    /// The answer's bytes for `records`, beyond the one copy of each already charged.
    func extraBytes(for records: [PropertyRecord]) -> Int {
        let selected = records.reduce(0) { total, record in
            total + 2 + itemFields.reduce(0) { $0 + $1.key.utf8.count + 4 + Self.valueBytes($1.name, record) }
        }
        return max(0, selected - records.reduce(0) { $0 + $1.estimatedJSONBytes })
    }

    private static func valueBytes(_ field: String, _ record: PropertyRecord) -> Int {
        switch field {
        case "id": record.id.utf8.count + 2
        case "name": record.name.utf8.count + 2
        case "address": (record.address?.utf8.count ?? 2) + 2
        case "createdAt": record.createdAt.utf8.count + 2
        case "updatedAt": record.updatedAt.utf8.count + 2
        case "__typename": 20
        default: 14
        }
    }
}
