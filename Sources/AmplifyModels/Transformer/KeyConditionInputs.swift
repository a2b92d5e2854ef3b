/// The sort key conditions of a query of one partition, as the transformer declares them: one
/// sort key field compares with `Model<Kind>KeyConditionInput` (`eq le lt ge gt between`, and
/// `beginsWith` for text); several are one argument named for them all (`skuRegion`), a
/// `Model<Model><Key>CompositeKeyConditionInput` of `Model<Model><Key>CompositeKeyInput`s (the
/// fields, compared as Amplify's joined text), `<Key>` being `Primary` for the primary key's list
/// and the index's name with its first letter upper-cased for an index's query
/// (`ModelTransactionByCategoryCompositeKeyConditionInput`).
enum KeyConditionInputs {
    /// The list's sort key argument of `model`, if its key has a sort key.
    static func argument(_ model: AmplifyModel) -> (name: String, type: String)? {
        argument(model, sortKeys: model.primaryKey.sortKeys, keyName: primaryKeyName)
    }

    /// The sort key argument of an index's query, if the index has a sort key.
    static func argument(_ model: AmplifyModel, index: ModelIndex) -> (name: String, type: String)? {
        argument(model, sortKeys: index.sortKeys, keyName: index.name)
    }

    /// What the transformer calls the primary key in its input types' names.
    static let primaryKeyName = "Primary"

    private static func argument(_ model: AmplifyModel, sortKeys: [String], keyName: String) -> (name: String, type: String)? {
        guard let name = ModelIndex.sortArgumentName(sortKeys) else { return nil }
        if sortKeys.count == 1 { return (name, "Model\(kind(model.field(named: sortKeys[0])))KeyConditionInput") }
        return (name, compositeInputNames(model: model.name, keyName: keyName).condition)
    }

    /// The two input types of a composite sort key (`ModelResourceIDs.ModelCompositeKeyInputTypeName`).
    static func compositeInputNames(model: String, keyName: String) -> (key: String, condition: String) {
        let upper = keyName.prefix(1).uppercased() + keyName.dropFirst()
        return ("Model\(model)\(upper)CompositeKeyInput", "Model\(model)\(upper)CompositeKeyConditionInput")
    }

    /// The input types the schema's key arguments use (custom primary keys' lists and the
    /// indexes' queries), each once.
    static func blocks(_ schema: ModelSchema) -> [String] {
        var kinds = Set<String>()
        var blocks: [String] = []
        for model in schema.models {
            var keys: [(name: String, sortKeys: [String])] = []
            if model.primaryKey.isCustom { keys.append((primaryKeyName, model.primaryKey.sortKeys)) }
            keys += model.indexes.filter(\.isQueryable).map { (name: $0.name, sortKeys: $0.sortKeys) }
            for key in keys where !key.sortKeys.isEmpty {
                if key.sortKeys.count == 1 {
                    kinds.insert(kind(model.field(named: key.sortKeys[0])))
                    continue
                }
                let names = compositeInputNames(model: model.name, keyName: key.name)
                blocks.append(TransformerSDL.block(
                    "input \(names.key)", key.sortKeys.map { "\($0): \(model.field(named: $0)?.type.graphQLName ?? "String")" }))
                blocks.append(TransformerSDL.block(
                    "input \(names.condition)",
                    ["eq", "le", "lt", "ge", "gt"].map { "\($0): \(names.key)" } + ["between: [\(names.key)]", "beginsWith: \(names.key)"]))
            }
        }
        for kind in kinds.sorted() {
            let text = kind == "String" || kind == "ID"
            blocks.append(TransformerSDL.block(
                "input Model\(kind)KeyConditionInput",
                ["eq", "le", "lt", "ge", "gt"].map { "\($0): \(kind)" } + ["between: [\(kind)]"] + (text ? ["beginsWith: \(kind)"] : [])))
        }
        return blocks
    }

    /// Which key condition a sort key field compares with: its scalar's kind; enums and the
    /// AWS text scalars as strings.
    private static func kind(_ field: ModelField?) -> String {
        guard case .scalar(let scalar)? = field?.type else { return "String" }
        switch scalar {
        case .id: return "ID"
        case .int, .awsTimestamp: return "Int"
        case .float: return "Float"
        default: return "String"
        }
    }
}
