import JSONValues

/// One model of `model_introspection`: `{name?, pluralName, fields, attributes?, primaryKeyInfo?}`.
enum ModelEntry {
    static func model(_ reader: inout JSONReader, key: String) throws(JSONReadError) -> AmplifyModel {
        var name: String?
        var pluralName: String?
        var fields: [ModelField]?
        var rules: [AuthRule] = []
        var keyFromAttributes: [String]?
        var indexes: [ModelIndex] = []
        var keyInfo: PrimaryKey?
        try reader.readUniqueObject { reader, member throws(JSONReadError) in
            switch member.description {
            case "name": name = try reader.readOptionalName()
            case "pluralName": pluralName = try reader.readOptionalName()
            case "fields": fields = try readFields(&reader)
            case "attributes":
                _ = try reader.readList { reader throws(JSONReadError) in
                    try readAttribute(&reader, rules: &rules, keyFromAttributes: &keyFromAttributes, indexes: &indexes)
                }
            case "primaryKeyInfo": keyInfo = try reader.readOptional { reader throws(JSONReadError) in try primaryKey(&reader) }
            default: try reader.skipValue()
            }
        }
        var model = AmplifyModel(
            name: try entryName(name, key: key), pluralName: try required(pluralName, "pluralName"), fields: try required(fields, "fields"),
            primaryKey: .id, authRules: rules, ownerField: rules.first { $0.strategy == .owner }?.ownerField)
        model.readKey(keyInfo, keyFromAttributes: keyFromAttributes)
        model.addImplicitOwnerFields()
        let keyable = indexes.filter { model.canKey($0) }
        model.indexes = keyable
        return model
    }

    /// The fields, in their order; a name may not come twice.
    private static func readFields(_ reader: inout JSONReader) throws(JSONReadError) -> [ModelField]? {
        guard !(try reader.readNull()) else { return nil }
        var fields: [ModelField] = []
        try reader.readUniqueObject { reader, _ throws(JSONReadError) in
            let field = try FieldEntry.field(&reader)
            guard !fields.contains(where: { $0.name == field.name }) else { throw descriptionProblem("a second field named \(field.name)") }
            fields.append(field)
        }
        return fields
    }

    /// `{type, properties}`: an `auth` attribute's rules, the primary key of a file without
    /// `primaryKeyInfo` (the `key` attribute without a name), or a secondary index (a `key`
    /// attribute with a name: `{name, fields, queryField?}`). Others are ignored, whatever their
    /// properties hold: the type may come after them, so they are kept as text until it is known.
    private static func readAttribute(
        _ reader: inout JSONReader, rules: inout [AuthRule], keyFromAttributes: inout [String]?, indexes: inout [ModelIndex]
    ) throws(JSONReadError) {
        var type: String?
        var properties: [UInt8]?
        try reader.readUniqueObject { reader, member throws(JSONReadError) in
            switch member.description {
            case "type": type = try reader.readOptionalString()
            case "properties": properties = try reader.readOptional { reader throws(JSONReadError) in try reader.readRawValue() }
            default: try reader.skipValue()
            }
        }
        guard let properties, type == "auth" || type == "key" else { return }
        do {
            try JSONReader.read(properties) { reader throws(JSONReadError) in
                var keyName: String?
                var keyFields: [String]?
                var queryField: String?
                try reader.readUniqueObject { reader, member throws(JSONReadError) in
                    switch (type, member.description) {
                    case ("auth", "rules"): rules += try reader.readList { reader throws(JSONReadError) in try authRule(&reader) }
                    case ("key", "name"): keyName = try reader.readOptionalString()
                    case ("key", "fields"): keyFields = try reader.readOptional { reader throws(JSONReadError) in try reader.readNames() }
                    case ("key", "queryField"): queryField = try reader.readOptionalName()
                    default: try reader.skipValue()
                    }
                }
                guard type == "key", let keyFields, let partitionKey = keyFields.first else { return }
                if let keyName {
                    indexes.append(ModelIndex(name: keyName, partitionKey: partitionKey, sortKeys: Array(keyFields.dropFirst()), queryField: queryField))
                } else {
                    keyFromAttributes = keyFields
                }
            }
        } catch {
            throw error.within(.key("properties"))
        }
    }

    /// `{primaryKeyFieldName, sortKeyFieldNames?, isCustomPrimaryKey?}`.
    private static func primaryKey(_ reader: inout JSONReader) throws(JSONReadError) -> PrimaryKey {
        var partitionKey: String?
        var sortKeys: [String] = []
        var isCustom: Bool?
        try reader.readUniqueObject { reader, member throws(JSONReadError) in
            switch member.description {
            case "primaryKeyFieldName": partitionKey = try reader.readOptionalName()
            case "sortKeyFieldNames": sortKeys = try reader.readList { reader throws(JSONReadError) in try reader.readName() }
            case "isCustomPrimaryKey": isCustom = try reader.readOptionalBool()
            default: try reader.skipValue()
            }
        }
        return PrimaryKey(partitionKey: try required(partitionKey, "primaryKeyFieldName"), sortKeys: sortKeys, isCustom: isCustom)
    }

    /// `{allow, provider?, operations?, groups?, groupsField?, ownerField?}`.
    private static func authRule(_ reader: inout JSONReader) throws(JSONReadError) -> AuthRule {
        var allow: String?
        var providerName: String?
        var operationNames: [String]?
        var groups: [String] = []
        var groupsField: String?
        var ownerField: String?
        try reader.readUniqueObject { reader, member throws(JSONReadError) in
            switch member.description {
            case "allow": allow = try reader.readOptionalString()
            case "provider": providerName = try reader.readOptionalString()
            case "operations": operationNames = try reader.readOptional { reader throws(JSONReadError) in
                    try reader.readList { reader throws(JSONReadError) in try reader.readString() }
                }
            case "groups": groups = try reader.readList { reader throws(JSONReadError) in try reader.readString() }
            case "groupsField": groupsField = try reader.readOptionalName()
            case "ownerField": ownerField = try reader.readOptionalName()
            default: try reader.skipValue()
            }
        }
        let strategy = AuthRule.Strategy(try required(allow, "allow"))
        var operations = ModelOperation.all
        if let operationNames { operations = Set(operationNames.compactMap(ModelOperation.init(ruleName:))) }
        return AuthRule(
            strategy: strategy, provider: providerName.map(AuthProvider.init(ruleName:)) ?? strategy.defaultProvider,
            operations: operations, ownerField: strategy == .owner ? ownerField ?? "owner" : nil, groups: groups, groupsField: groupsField)
    }
}

extension AmplifyModel {
    /// The key from `primaryKeyInfo`, else from the unnamed key attribute, else `id`. A key whose
    /// fields the model does not have cannot address a record: the model is read-only.
    mutating func readKey(_ info: PrimaryKey?, keyFromAttributes: [String]?) {
        if let info {
            primaryKey = info
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

    /// Whether `index` can key this model's items: DynamoDB keys an index by scalars only, so an
    /// index naming a field the model lacks, a list, a `Boolean` or JSON is left out, as the
    /// transformer would refuse it (the model stays usable: only the index is lost).
    func canKey(_ index: ModelIndex) -> Bool {
        index.fields.allSatisfy { name in field(named: name).map { !$0.isList && $0.type.isKeyType } ?? false }
    }

    /// Amplify adds an owner rule's field to the type without listing it in the model's fields
    /// (`owner: String`): it is added here, so that it is selected and shown.
    mutating func addImplicitOwnerFields() {
        for owner in ownerFields.sorted() where field(named: owner) == nil {
            fields.append(ModelField(name: owner, type: .scalar(.string)))
        }
    }
}
