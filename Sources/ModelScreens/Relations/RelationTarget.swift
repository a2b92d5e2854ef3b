import AmplifyModels

/// A related record, or related records, one can go to from a record: what the relation field
/// names and how to find them. Values only; reading them is the caller's.
///
/// - A `belongsTo` (or a `hasOne` that holds the key here, in `targetNames`) leads to one
///   parent: the related model's key fields hold this record's target fields' values.
/// - A `hasMany` (or a `hasOne` whose related model holds the key, in `associatedWith`) leads
///   to children: their `associatedWith` fields hold this record's key.
///
/// As the embedded server resolves them (`targetNames` first). A `toOne` relation (GraphQL
/// introspection does not say through which fields) cannot be followed and is left out.
public struct RelationTarget: Sendable, Hashable {
    public enum Direction: Sendable, Hashable {
        /// One record, by its key: open its detail.
        case parent
        /// Records holding this one's key: a list filtered by them (one, for a `hasOne`).
        case children
    }

    /// The relation field of this record's model (`reader`, `books`).
    public var field: String
    public var kind: ModelAssociation.Kind
    public var direction: Direction
    public var filter: RecordFilter

    /// The related model's name.
    public var model: String { filter.model }

    /// Whether there is something to follow: a parent whose key fields here are null is none.
    public var canFollow: Bool { filter.isComplete && !filter.matches.isEmpty }

    /// For a parent: its key as the `get` query takes it; nil for children or a missing key.
    public func parentKey(in schema: ModelSchema) -> RecordKey? {
        guard direction == .parent, canFollow, let parent = schema.model(named: model) else { return nil }
        return RecordKey(values: filter.values, of: parent)
    }

    /// Where it leads: `Reader 0f8e…`, `Book where readerId = 0f8e…`, `no Reader` (a parent
    /// whose key is null here).
    public var destination: String {
        switch direction {
        case .parent where !canFollow: "no \(model)"
        case .parent: "\(model) " + filter.matches.map { RecordFilter.text($0.value) }.joined(separator: "#")
        case .children: filter.description
        }
    }

    /// `reader → Reader 0f8e…`, `books → Book where readerId = 0f8e…`.
    public var label: String { "\(field) → \(destination)" }
}

/// The relations of a record.
public enum Relations {
    /// Every relation of `record`'s model that can be followed, in the model's order.
    public static func targets(of record: ModelRecord, in schema: ModelSchema) -> [RelationTarget] {
        record.model.fields.compactMap { field in target(of: record, through: field, in: schema) }
    }

    /// Where the relation `field` leads from `record`; nil for a field that is no relation, a
    /// `toOne`, or a related model the schema does not have.
    public static func target(of record: ModelRecord, through field: ModelField, in schema: ModelSchema) -> RelationTarget? {
        guard let association = field.association, let related = schema.model(named: association.relatedModel) else { return nil }
        let model = record.model
        if association.holdsParentKey {
            // The key of the related record is held here, field by field in its key's order.
            let matches = association.parentKeyFields(of: related).map { pair in
                RecordFilter.Match(field: pair.keyField, value: record[pair.heldIn] ?? .null)
            }
            return RelationTarget(field: field.name, kind: association.kind, direction: .parent,
                                  filter: RecordFilter(model: related.name, matches: matches))
        }
        guard !association.associatedWith.isEmpty, association.kind != .belongsTo, association.kind != .toOne else { return nil }
        // Older files name the child's relation field rather than its key fields: its targetNames are meant.
        let childFields = association.associatedWith.flatMap { name -> [String] in
            if let relation = related.field(named: name), relation.type.isModel,
               let targets = relation.association?.targetNames, !targets.isEmpty { return targets }
            return [name]
        }
        let keyValues = record.id.values(of: model)
        let matches = zip(childFields, model.primaryKey.fields).map { childField, keyField in
            RecordFilter.Match(field: childField, value: keyValues[keyField] ?? .null)
        }
        return RelationTarget(field: field.name, kind: association.kind, direction: .children,
                              filter: RecordFilter(model: related.name, matches: matches))
    }
}
