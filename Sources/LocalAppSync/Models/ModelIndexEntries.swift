import AmplifyModels
import GRDB
import JSONValues

/// The secondary indexes `serve --models` answers queries of: every index with a query field,
/// as DynamoDB keeps a global secondary index beside the table. The store keeps one row per item
/// and index (`modelIndexEntry`): the item's partition key value and sort key value in that index,
/// so a partition is one index seek in sort key order, never a scan. An item lacking a key field
/// of an index (absent or null) is not in it, as DynamoDB leaves it out of a sparse index.
struct ModelIndexEntries: Sendable, Equatable {
    /// For each model, its queryable indexes.
    let byModel: [String: [ModelIndex]]

    init(schema: ModelSchema) {
        var byModel: [String: [ModelIndex]] = [:]
        for model in schema.models {
            let indexes = model.indexes.filter(\.isQueryable)
            if !indexes.isEmpty { byModel[model.name] = indexes }
        }
        self.byModel = byModel
    }

    /// One item's row in one index.
    struct Entry {
        var index: String
        var partitionText: String
        /// The sort key as `ItemKey` orders one (the value, or several joined by `#`); '' for an
        /// index without a sort key (the column is part of the table's key, so never NULL).
        var sortValue: DatabaseValue
    }

    /// The index rows of one item of `model`: one per index whose key fields all hold a value.
    func entries(model: String, item: ModelItem) -> [Entry] {
        (byModel[model] ?? []).compactMap { index in Self.entry(of: item, in: index) }
    }

    static func entry(of item: ModelItem, in index: ModelIndex) -> Entry? {
        let values = index.fields.map { item.attributes[$0] ?? .null }
        guard !values.contains(.null) else { return nil }
        let sort = index.sortKeys.isEmpty ? "".databaseValue : ItemKey.sortValue(Array(values.dropFirst()))
        return Entry(index: index.name, partitionText: JSONWriter.sortedText(values[0]), sortValue: sort)
    }

    /// What the store was indexed for: a store opened for other indexes is indexed again.
    var signature: String {
        byModel.keys.sorted().map { model in
            model + ":" + (byModel[model] ?? []).map { $0.name + "=" + $0.fields.joined(separator: ",") }.joined(separator: ";")
        }.joined(separator: "|")
    }
}
