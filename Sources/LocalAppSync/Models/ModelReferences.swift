import AmplifyModels
import JSONValues

/// The secondary indexes a `hasMany` or a `hasOne` reads its children through, as the Gen 2
/// transformer makes one per relation: on the child model, the fields that hold the parent's key
/// (`associatedWith`). The store keeps one row per child and relation (`modelReference`), so a
/// parent's children are one index seek, never a scan of the child model.
struct ModelReferences: Sendable, Equatable {
    /// For each child model, the groups of its fields a parent reads it by.
    let byModel: [String: [[String]]]

    init(schema: ModelSchema) {
        var byModel: [String: [[String]]] = [:]
        for model in schema.models {
            for field in model.fields {
                guard let (child, fields) = Self.childFields(of: field, in: schema) else { continue }
                if !(byModel[child]?.contains(fields) ?? false) { byModel[child, default: []].append(fields) }
            }
        }
        self.byModel = byModel
    }

    /// For a `hasMany`, or a `hasOne` whose child holds the key: the child model and its fields
    /// that hold the parent's key, in the parent key's order. Older files name the child's
    /// `belongsTo` field instead of its key fields: that field's `targetNames` are meant.
    static func childFields(of field: ModelField, in schema: ModelSchema) -> (child: String, fields: [String])? {
        guard let association = field.association, association.kind == .hasMany || association.kind == .hasOne,
            association.targetNames.isEmpty, !association.associatedWith.isEmpty,
            let child = schema.models.first(where: { $0.name == association.relatedModel })
        else { return nil }
        let fields = association.associatedWith.flatMap { name -> [String] in
            if let related = child.field(named: name), related.type.isModel, let targets = related.association?.targetNames, !targets.isEmpty {
                return targets
            }
            return [name]
        }
        return (child.name, fields)
    }

    /// A group's name in the store.
    static func relationName(_ fields: [String]) -> String { fields.joined(separator: ",") }

    /// The values a parent's key gives a group, as the store compares them.
    static func valueText(_ values: [JSONValue]) -> String { JSONWriter.sortedText(.array(values)) }

    /// The index rows of one item: one per group whose fields all hold a value.
    func entries(model: String, item: ModelItem) -> [(relation: String, valueText: String)] {
        (byModel[model] ?? []).compactMap { fields in
            let values = fields.map { item.attributes[$0] ?? .null }
            guard !values.contains(.null) else { return nil }
            return (Self.relationName(fields), Self.valueText(values))
        }
    }

    /// What the store was indexed for: a store opened for other relations is indexed again.
    var signature: String {
        byModel.keys.sorted().map { model in model + ":" + (byModel[model] ?? []).map(Self.relationName).joined(separator: ";") }
            .joined(separator: "|")
    }
}
