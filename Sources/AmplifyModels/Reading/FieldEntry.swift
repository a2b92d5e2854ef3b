import JSONValues

/// One field of `model_introspection`:
/// `{name, type, isRequired, isArray, isArrayNullable?, isReadOnly?, association?}`.
enum FieldEntry {
    static func field(_ reader: inout JSONReader) throws(JSONReadError) -> ModelField {
        var name: String?
        var type: FieldType?
        var isList = false
        var itemsRequired = false
        var listNullable = true
        var isReadOnly = false
        var association: AssociationEntry?
        try reader.readUniqueObject { reader, member throws(JSONReadError) in
            switch member.description {
            case "name": name = try reader.readOptionalName()
            case "type": type = try reader.readOptional { reader throws(JSONReadError) in try FieldEntry.fieldType(&reader) }
            case "isArray": isList = try reader.readOptionalBool() ?? false
            // For a list, isRequired is about its items and isArrayNullable about the list itself.
            case "isRequired": itemsRequired = try reader.readOptionalBool() ?? false
            case "isArrayNullable": listNullable = try reader.readOptionalBool() ?? true
            case "isReadOnly": isReadOnly = try reader.readOptionalBool() ?? false
            case "association": association = try reader.readOptional { reader throws(JSONReadError) in try AssociationEntry(&reader) }
            default: try reader.skipValue()
            }
        }
        let fieldName = try required(name, "name")
        let fieldType = try required(type, "type")
        var relation: ModelAssociation?
        if case .model(let related) = fieldType {
            do {
                relation = try association?.association(relatedModel: related)
            } catch {
                throw error.within(.key("association"))
            }
            if association == nil { relation = ModelAssociation(kind: isList ? .hasMany : .toOne, relatedModel: related) }
        }
        return ModelField(
            name: fieldName, type: fieldType, isRequired: isList ? !listNullable : itemsRequired, isList: isList,
            listItemsNullable: !itemsRequired, isReadOnly: isReadOnly, association: relation)
    }

    /// `"String"`, `{"enum": N}`, `{"nonModel": N}` or `{"model": N}`. A name or a kind the
    /// app does not know is kept as `.unknown`.
    static func fieldType(_ reader: inout JSONReader) throws(JSONReadError) -> FieldType {
        guard reader.nextIsObject else {
            let name = try reader.readString()
            if let scalar = ScalarType(rawValue: name) { return .scalar(scalar) }
            guard GraphQLName.isValid(name) else { throw descriptionProblem("\(DescriptionText.quoted(name)) is not a GraphQL name") }
            return .unknown(name)
        }
        var kinds: [(kind: String, name: String)] = []
        try reader.readUniqueObject { reader, member throws(JSONReadError) in kinds.append((member.description, try reader.readName())) }
        guard kinds.count == 1, let (kind, name) = kinds.first else {
            throw descriptionProblem("expected a scalar's name or one of {\"enum\": …}, {\"nonModel\": …}, {\"model\": …}")
        }
        switch kind {
        case "enum": return .enumeration(name)
        case "nonModel": return .nonModel(name)
        case "model": return .model(name)
        default: return .unknown(name)
        }
    }
}

/// `{connectionType, targetNames?, associatedWith?}`; older files write `targetName` and a
/// single `associatedWith`. Read before the field's type may be known (keys come in any order),
/// and made an association once it is.
struct AssociationEntry {
    var connectionType: String?
    var targetNames: [String]?
    var associatedWith: [String] = []

    init(_ reader: inout JSONReader) throws(JSONReadError) {
        var targetName: [String]?
        try reader.readUniqueObject { reader, member throws(JSONReadError) in
            switch member.description {
            case "connectionType": connectionType = try reader.readOptionalString()
            case "targetNames": targetNames = try reader.readOptional { reader throws(JSONReadError) in try reader.readNames() }
            case "targetName": targetName = try reader.readOptional { reader throws(JSONReadError) in try reader.readNames() }
            case "associatedWith": associatedWith = try reader.readNames()
            default: try reader.skipValue()
            }
        }
        if targetNames == nil { targetNames = targetName }
    }

    func association(relatedModel: String) throws(JSONReadError) -> ModelAssociation {
        let kind: ModelAssociation.Kind
        switch try required(connectionType, "connectionType") {
        case "BELONGS_TO": kind = .belongsTo
        case "HAS_MANY": kind = .hasMany
        case "HAS_ONE": kind = .hasOne
        case let other:
            throw descriptionProblem("\(DescriptionText.quoted(other)) is not a connection type (BELONGS_TO, HAS_MANY or HAS_ONE)")
                .within(.key("connectionType"))
        }
        return ModelAssociation(kind: kind, relatedModel: relatedModel, targetNames: targetNames ?? [], associatedWith: associatedWith)
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
        // Its relation leads nowhere: the API generated for it would name a type no one declares.
        case .model(let name) where self.model(named: name) == nil: "the field \(field.name)'s model \(name) is not described"
        default: nil
        }
    }
}
