extension IntrospectedTypes {
    /// The versioned dialect's fields: the dialect's, not the model's.
    static let syncFields: Set<String> = ["_version", "_deleted", "_lastChangedAt"]

    /// The model `type` is, or nil when the API does not offer it as one.
    func model(for type: TypeEntry) -> AmplifyModel? {
        let name = type.name
        guard let get = queries.first(where: { $0.name == "get" + name && $0.type.name == name && !$0.type.isList }),
              let list = listQuery(for: name),
              ["create", "update", "delete"].allSatisfy({ mutations.contains($0 + name) })
        else { return nil }
        // Written by a client: what the create or update input holds; the rest only the server writes.
        let inputs = Set((types["Create\(name)Input"]?.inputFields ?? []) + (types["Update\(name)Input"]?.inputFields ?? []))
        let knowsInputs = !inputs.isEmpty
        var fields: [ModelField] = []
        // A field named twice in an answer is read once (the first), as a type named twice is.
        var seen = Set<String>()
        for field in type.fields where !Self.syncFields.contains(field.name) && seen.insert(field.name).inserted {
            let fieldType = self.fieldType(field.type)
            var association: ModelAssociation?
            if case .model(let related) = fieldType {
                let isMany = field.type.isList || connectionItem(field.type.name) != nil
                association = ModelAssociation(kind: isMany ? .hasMany : .toOne, relatedModel: related)
            }
            let isConnection = connectionItem(field.type.name) != nil
            fields.append(ModelField(
                name: field.name, type: fieldType, isRequired: field.type.isRequired && !isConnection,
                isList: field.type.isList || isConnection, listItemsNullable: field.type.listItemsNullable,
                isReadOnly: association == nil && knowsInputs && !inputs.contains(field.name), association: association))
        }
        let keyNames = get.arguments.map(\.name)
        var model = AmplifyModel(
            name: name, pluralName: String(list.name.dropFirst(4)), fields: fields,
            primaryKey: PrimaryKey(partitionKey: keyNames.first ?? "id", sortKeys: Array(keyNames.dropFirst())))
        model.indexes = indexes(of: model, listQuery: list.name)
        if keyNames.isEmpty { model.readOnlyReasons.append("its get query takes no key") }
        for key in keyNames where model.field(named: key) == nil {
            model.readOnlyReasons.append("its key field \(key) is not among its fields")
        }
        let ownerArgument = subscriptions["onCreate" + name]?.arguments.first { $0.name != "filter" && $0.type.name == "String" }
        model.ownerField = ownerArgument?.name
        model.requiresOwnerArgument = ownerArgument?.type.isRequired ?? false
        return model
    }

    /// The model's own list query, `list<Plural>`: of the `list…` queries returning its connection
    /// (secondary indexes add more, each with a required key argument), the one with no
    /// required argument, the shortest name first.
    func listQuery(for name: String) -> Field? {
        queries
            .filter { $0.name.hasPrefix("list") && $0.type.name == "Model\(name)Connection" && !$0.arguments.contains { $0.type.isRequired } }
            .min { ($0.name.count, $0.name) < ($1.name.count, $1.name) }
    }

    /// What a type reference names, as a field type.
    func fieldType(_ reference: TypeReference) -> FieldType {
        if let item = connectionItem(reference.name) { return .model(item) }
        switch reference.kind {
        case "SCALAR": return ScalarType(rawValue: reference.name).map(FieldType.scalar) ?? .unknown(reference.name)
        case "ENUM": return .enumeration(reference.name)
        case "OBJECT":
            let isModel = queries.contains { $0.name == "get" + reference.name } && listQuery(for: reference.name) != nil
            return isModel ? .model(reference.name) : .nonModel(reference.name)
        default: return .unknown(reference.name)
        }
    }

    /// The custom types a field uses, with theirs in turn (to a bounded depth: a type may use itself).
    func collectNonModels(_ type: FieldType, into nonModels: inout [String: NonModelType], depth: Int) {
        guard case .nonModel(let name) = type, nonModels[name] == nil, depth < 16, let entry = types[name] else { return }
        let fields = entry.fields.map { field in
            ModelField(
                name: field.name, type: fieldType(field.type), isRequired: field.type.isRequired, isList: field.type.isList,
                listItemsNullable: field.type.listItemsNullable)
        }
        nonModels[name] = NonModelType(name: name, fields: fields)
        for field in fields { collectNonModels(field.type, into: &nonModels, depth: depth + 1) }
    }
}
