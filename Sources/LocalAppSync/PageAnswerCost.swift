import GraphQL

/// What a page costs in the answer, from what the document selects under its `items`: each
/// response key (an alias of `name` is one more copy of the name) for each record. A page is
/// first charged as its records' JSON (its items' stored texts, one copy of each
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

    /// The answer's bytes for `page`, beyond the one copy of each item already charged (its
    /// stored text). Without a field selected twice, that is only the aliases longer than their
    /// fields' names and each `__typename`, counted without reading an item; with one, the
    /// items are read and every selected value counted.
    func extraBytes(for page: ModelOperations.Page) -> Int {
        let names = itemFields.map(\.name).filter { $0 != "__typename" }
        guard Set(names).count < names.count else {
            let perItem = itemFields.reduce(0) { total, field in
                total + (field.name == "__typename" ? field.key.utf8.count + 24 : max(0, field.key.utf8.count - field.name.utf8.count))
            }
            return perItem * page.texts.count
        }
        let items = page.items
        let selected = items.reduce(0) { total, item in
            total + 2 + itemFields.reduce(0) { total, field in
                let value = field.name == "__typename" ? 20 : item.attributes[field.name].map(ModelItem.estimatedBytes) ?? 4
                return total + field.key.utf8.count + 4 + value
            }
        }
        return max(0, selected - page.texts.reduce(0) { $0 + $1.count })
    }
}
