/// The inputs a filter, a condition and a subscription filter compare a field with, one per
/// field type, as Amplify's transformer declares them: text and the AWS text scalars (and
/// `AWSJSON`) compare as strings, `AWSTimestamp` as an `Int`, an enum with its own
/// `Model<Enum>Input`; a custom type is not compared at all.
enum FieldInputs {
    static func filterInput(_ field: ModelField) -> String? {
        switch field.type {
        case .scalar(let scalar): "Model\(kind(scalar))Input"
        case .enumeration(let name): field.isList ? "Model\(name)ListInput" : "Model\(name)Input"
        default: nil
        }
    }

    static func subscriptionInput(_ field: ModelField) -> String? {
        switch field.type {
        case .scalar(let scalar): "ModelSubscription\(kind(scalar))Input"
        case .enumeration: "ModelSubscriptionStringInput"
        default: nil
        }
    }

    private static func kind(_ scalar: ScalarType) -> String {
        switch scalar {
        case .id: "ID"
        case .int, .awsTimestamp: "Int"
        case .float: "Float"
        case .boolean: "Boolean"
        default: "String"
        }
    }

    static func enumInputs(_ name: String) -> [String] {
        [
            TransformerSDL.block("input Model\(name)Input", ["eq: \(name)", "ne: \(name)"]),
            TransformerSDL.block("input Model\(name)ListInput", ["eq: [\(name)]", "ne: [\(name)]", "contains: \(name)", "notContains: \(name)"]),
        ]
    }

    /// The inputs every schema has, whatever its models.
    static let shared: [String] = {
        func comparisons(_ type: String, text: Bool) -> [String] {
            ["ne: \(type)", "eq: \(type)", "le: \(type)", "lt: \(type)", "ge: \(type)", "gt: \(type)"]
                + (text ? ["contains: \(type)", "notContains: \(type)"] : []) + ["between: [\(type)]"] + (text ? ["beginsWith: \(type)"] : [])
        }
        let exists = ["attributeExists: Boolean", "attributeType: ModelAttributeTypes"]
        let block = TransformerSDL.block
        return [
            block("input ModelStringInput", comparisons("String", text: true) + exists + ["size: ModelSizeInput"]),
            block("input ModelIntInput", comparisons("Int", text: false) + exists),
            block("input ModelFloatInput", comparisons("Float", text: false) + exists),
            block("input ModelBooleanInput", ["ne: Boolean", "eq: Boolean"] + exists),
            block("input ModelIDInput", comparisons("ID", text: true) + exists + ["size: ModelSizeInput"]),
            block("input ModelSubscriptionStringInput", comparisons("String", text: true) + ["in: [String]", "notIn: [String]"]),
            block("input ModelSubscriptionIntInput", comparisons("Int", text: false) + ["in: [Int]", "notIn: [Int]"]),
            block("input ModelSubscriptionFloatInput", comparisons("Float", text: false) + ["in: [Float]", "notIn: [Float]"]),
            block("input ModelSubscriptionBooleanInput", ["ne: Boolean", "eq: Boolean"]),
            block("input ModelSubscriptionIDInput", comparisons("ID", text: true) + ["in: [ID]", "notIn: [ID]"]),
            block("enum ModelAttributeTypes", ["binary", "binarySet", "bool", "list", "map", "number", "numberSet", "string", "stringSet", "_null"]),
            block("input ModelSizeInput", ["ne: Int", "eq: Int", "le: Int", "lt: Int", "ge: Int", "gt: Int", "between: [Int]"]),
            block("enum ModelSortDirection", ["ASC", "DESC"]),
        ]
    }()
}
