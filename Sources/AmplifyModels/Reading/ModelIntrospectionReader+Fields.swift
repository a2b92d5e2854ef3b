extension ModelIntrospectionReader {
    /// One field: `{name, type, isRequired, isArray, isArrayNullable?, isReadOnly?, association?}`.
    static func field(_ entry: JSONCursor) throws(ModelDescriptionError) -> ModelField {
        let name = try entry.required("name").name()
        let type = try fieldType(entry.required("type"))
        let isList = try entry.bool("isArray", default: false)
        // For a list, isRequired is about its items and isArrayNullable about the list itself.
        let itemsRequired = try entry.bool("isRequired", default: false)
        let listNullable = try entry.bool("isArrayNullable", default: true)
        var association: ModelAssociation?
        if case .model(let related) = type {
            association = try Self.association(entry.optional("association"), relatedModel: related, isList: isList)
        }
        return ModelField(
            name: name, type: type, isRequired: isList ? !listNullable : itemsRequired, isList: isList,
            listItemsNullable: !itemsRequired, isReadOnly: try entry.bool("isReadOnly", default: false),
            association: association)
    }

    /// `"String"`, `{"enum": N}`, `{"nonModel": N}` or `{"model": N}`. A name or a kind the
    /// app does not know is kept as `.unknown`.
    static func fieldType(_ entry: JSONCursor) throws(ModelDescriptionError) -> FieldType {
        if case .string(let name) = entry.value {
            if let scalar = ScalarType(rawValue: name) { return .scalar(scalar) }
            return .unknown(try entry.name())
        }
        let members = try entry.members()
        guard members.count == 1, let (kind, value) = members.first else {
            throw entry.problem("expected a scalar's name or one of {\"enum\": …}, {\"nonModel\": …}, {\"model\": …}")
        }
        let name = try value.name()
        switch kind {
        case "enum": return .enumeration(name)
        case "nonModel": return .nonModel(name)
        case "model": return .model(name)
        default: return .unknown(name)
        }
    }

    /// `{connectionType, targetNames?, associatedWith?}`; older files write `targetName` and a
    /// single `associatedWith`. A model field without one is a relation whose fields are not said.
    static func association(
        _ entry: JSONCursor?, relatedModel: String, isList: Bool
    ) throws(ModelDescriptionError) -> ModelAssociation {
        guard let entry else { return ModelAssociation(kind: isList ? .hasMany : .toOne, relatedModel: relatedModel) }
        let connection = try entry.required("connectionType")
        let kind: ModelAssociation.Kind
        switch try connection.string() {
        case "BELONGS_TO": kind = .belongsTo
        case "HAS_MANY": kind = .hasMany
        case "HAS_ONE": kind = .hasOne
        case let other: throw connection.problem("\(JSONTree.quoted(other)) is not a connection type (BELONGS_TO, HAS_MANY or HAS_ONE)")
        }
        var targets = try entry.optional("targetNames")
        if targets == nil { targets = try entry.optional("targetName") }
        return ModelAssociation(
            kind: kind, relatedModel: relatedModel, targetNames: try targets?.names() ?? [],
            associatedWith: try entry.optional("associatedWith")?.names() ?? [])
    }
}

extension AmplifyModel {
    /// The key from `primaryKeyInfo`, else from the unnamed key attribute, else `id`. A key whose
    /// fields the model does not have cannot address a record: the model is read-only.
    mutating func readKey(_ info: JSONCursor?, keyFromAttributes: [String]?) throws(ModelDescriptionError) {
        if let info {
            var sortKeys: [String] = []
            for name in try info.optional("sortKeyFieldNames")?.array() ?? [] { sortKeys.append(try name.name()) }
            primaryKey = PrimaryKey(
                partitionKey: try info.required("primaryKeyFieldName").name(), sortKeys: sortKeys,
                isCustom: try info.optional("isCustomPrimaryKey")?.bool())
        } else if let keyFromAttributes, let first = keyFromAttributes.first {
            primaryKey = PrimaryKey(partitionKey: first, sortKeys: Array(keyFromAttributes.dropFirst()))
        }
        for name in primaryKey.fields {
            guard let field = field(named: name) else {
                readOnlyReasons.append("its key field \(name) is not among its fields")
                continue
            }
            if field.isList || !field.type.isKeyType {
                readOnlyReasons.append("its key field \(name) is \(field.graphQLType), which this app cannot use in a key")
            }
        }
    }

    /// Amplify adds an owner rule's field to the type without listing it in the model's fields
    /// (`owner: String`): it is added here, so that it is selected and shown.
    mutating func addImplicitOwnerFields() {
        for owner in ownerFields.sorted() where field(named: owner) == nil {
            fields.append(ModelField(name: owner, type: .scalar(.string)))
        }
    }
}

extension FieldType {
    /// Types DynamoDB can hold a key in (strings and numbers) that the app can also write back.
    var isKeyType: Bool {
        guard case .scalar(let scalar) = self else { return self.isEnumeration }
        return scalar != .boolean && scalar != .awsJSON
    }

    var isEnumeration: Bool {
        if case .enumeration = self { true } else { false }
    }
}

extension ModelSchema {
    /// A field whose enum or custom type the description does not define, or whose type the
    /// app does not know, cannot be checked or written: its model is read-only, with the reason.
    mutating func noteUndescribedTypes() {
        for index in models.indices {
            for field in models[index].fields {
                if let reason = undescribedReason(field, in: models[index].name) {
                    models[index].readOnlyReasons.append(reason)
                }
            }
        }
    }

    private func undescribedReason(_ field: ModelField, in model: String) -> String? {
        switch field.type {
        case .unknown(let name): "the field \(field.name) has the type \(name), which this app does not know"
        case .enumeration(let name) where enums[name] == nil: "the field \(field.name)'s enum \(name) is not described"
        case .nonModel(let name) where nonModels[name] == nil: "the field \(field.name)'s type \(name) is not described"
        default: nil
        }
    }
}
