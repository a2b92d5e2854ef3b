/// The sort key conditions of a list narrowed to one partition, as the transformer declares
/// them: one sort key field compares with `Model<Kind>KeyConditionInput` (`eq le lt ge gt
/// between`, and `beginsWith` for text); several are one argument named for them all
/// (`skuRegion`), a `Model<Model>PrimaryCompositeKeyConditionInput` of
/// `Model<Model>PrimaryCompositeKeyInput`s (the fields, compared as Amplify's joined text).
enum KeyConditionInputs {
    /// The list's sort key argument of `model`, if its key has a sort key.
    static func argument(_ model: AmplifyModel) -> (name: String, type: String)? {
        let sortKeys = model.primaryKey.sortKeys
        guard let first = sortKeys.first else { return nil }
        if sortKeys.count == 1 {
            return (first, "Model\(kind(model.field(named: first)))KeyConditionInput")
        }
        let name = first + sortKeys.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        return (name, "Model\(model.name)PrimaryCompositeKeyConditionInput")
    }

    /// The input types the schema's list arguments use, each once.
    static func blocks(_ schema: ModelSchema) -> [String] {
        var kinds = Set<String>()
        var blocks: [String] = []
        for model in schema.models where model.primaryKey.isCustom && !model.primaryKey.sortKeys.isEmpty {
            let sortKeys = model.primaryKey.sortKeys
            if sortKeys.count == 1 {
                kinds.insert(kind(model.field(named: sortKeys[0])))
                continue
            }
            let keyInput = "Model\(model.name)PrimaryCompositeKeyInput"
            blocks.append(TransformerSDL.block("input \(keyInput)", sortKeys.map { "\($0): \(model.field(named: $0)?.type.graphQLName ?? "String")" }))
            blocks.append(TransformerSDL.block(
                "input Model\(model.name)PrimaryCompositeKeyConditionInput",
                ["eq", "le", "lt", "ge", "gt"].map { "\($0): \(keyInput)" } + ["between: [\(keyInput)]", "beginsWith: \(keyInput)"]))
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
