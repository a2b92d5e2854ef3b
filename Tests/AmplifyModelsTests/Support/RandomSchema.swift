import AmplifyModels

/// A random set of models built from a seed: fields of every kind (scalars, enums, custom types,
/// lists), keys (`id`, custom, composite), `belongsTo`/`hasMany` pairs and owner rules. Names
/// are drawn so that they are unique and never collide with the versioned dialect's fields.
struct RandomSchema {
    /// The same schema for the same seed.
    private var draws: SeededDraws

    init(seed: Int) { draws = SeededDraws(state: UInt64(truncatingIfNeeded: seed) &+ 0x9E37_79B9_7F4A_7C15) }

    private mutating func next(_ bound: Int) -> Int { draws.next(bound) }

    private mutating func chance(_ percent: Int) -> Bool { draws.chance(percent) }

    static let words = ["note", "total", "label", "when", "kind", "score", "tags", "place", "size", "code", "memo", "rate"]

    mutating func schema() -> ModelSchema {
        let enums = [ModelEnum(name: "Colour", values: ["RED", "GREEN"]), ModelEnum(name: "Level", values: ["LOW", "HIGH", "TOP"])]
        let detail = NonModelType(name: "Detail", fields: [
            ModelField(name: "text", type: .scalar(.string), isRequired: true),
            ModelField(name: "count", type: .scalar(.int)),
            ModelField(name: "more", type: .nonModel("Detail")),
        ])
        let modelCount = 1 + next(3)
        var models: [AmplifyModel] = []
        for index in 0..<modelCount { models.append(model(index)) }
        // A belongsTo/hasMany pair between two models.
        if models.count >= 2, chance(70) {
            let child = next(models.count), parent = (child + 1 + next(models.count - 1)) % models.count
            let foreignKey = "parent\(parent)Id"
            models[child].fields.append(ModelField(name: foreignKey, type: .scalar(.id)))
            models[child].fields.append(ModelField(
                name: "parent\(parent)", type: .model(models[parent].name),
                association: ModelAssociation(kind: .belongsTo, relatedModel: models[parent].name, targetNames: [foreignKey])))
            models[parent].fields.append(ModelField(
                name: "children\(child)", type: .model(models[child].name), isList: true,
                association: ModelAssociation(kind: .hasMany, relatedModel: models[child].name, associatedWith: [foreignKey])))
        }
        return ModelSchema(models: models, enums: Dictionary(uniqueKeysWithValues: enums.map { ($0.name, $0) }), nonModels: ["Detail": detail])
    }

    private mutating func model(_ index: Int) -> AmplifyModel {
        let name = "Thing\(index)"
        var fields: [ModelField] = []
        let keyKind = next(3)
        switch keyKind {
        case 0: fields.append(ModelField(name: "id", type: .scalar(.id), isRequired: true))
        case 1: fields.append(ModelField(name: "code", type: .scalar(.string), isRequired: true))
        default:
            fields.append(ModelField(name: "tenantId", type: .scalar(.id), isRequired: true))
            fields.append(ModelField(name: "position", type: .scalar(.int), isRequired: true))
        }
        let types: [FieldType] = ScalarType.allCases.map(FieldType.scalar) + [.enumeration("Colour"), .enumeration("Level"), .nonModel("Detail")]
        for word in Self.words.shuffledPrefix(next(6) + 1, using: &self) where !fields.contains(where: { $0.name == word }) {
            let isList = chance(20)
            fields.append(ModelField(
                name: word, type: types[next(types.count)], isRequired: chance(40), isList: isList, listItemsNullable: chance(50)))
        }
        fields.append(ModelField(name: "createdAt", type: .scalar(.awsDateTime), isReadOnly: true))
        fields.append(ModelField(name: "updatedAt", type: .scalar(.awsDateTime), isReadOnly: true))
        let key: PrimaryKey = switch keyKind {
        case 0: .id
        case 1: PrimaryKey(partitionKey: "code")
        default: PrimaryKey(partitionKey: "tenantId", sortKeys: ["position"])
        }
        var rules: [AuthRule] = [AuthRule(strategy: .public, provider: .apiKey)]
        var owner: String?
        if chance(50) {
            owner = chance(50) ? "owner" : "author"
            rules.append(AuthRule(strategy: .owner, provider: .userPools, ownerField: owner))
            fields.append(ModelField(name: owner!, type: .scalar(.string)))
        }
        return AmplifyModel(name: name, pluralName: name + "s", fields: fields, primaryKey: key, authRules: rules, ownerField: owner)
    }

    fileprivate mutating func pick(_ bound: Int) -> Int { next(bound) }
}

extension Array {
    /// The first `count` of the array after a shuffle driven by `random`.
    fileprivate func shuffledPrefix(_ count: Int, using random: inout RandomSchema) -> [Element] {
        var items = self
        for index in items.indices.reversed() where index > 0 { items.swapAt(index, random.pick(index + 1)) }
        return Array(items.prefix(count))
    }
}
