/// The scalars an AppSync API has: GraphQL's five and AppSync's nine. Their names are the
/// names in the schema and in `model_introspection`.
public enum ScalarType: String, Sendable, Hashable, Codable, CaseIterable {
    case id = "ID"
    case string = "String"
    case int = "Int"
    case float = "Float"
    case boolean = "Boolean"
    case awsDate = "AWSDate"
    case awsTime = "AWSTime"
    case awsDateTime = "AWSDateTime"
    case awsTimestamp = "AWSTimestamp"
    case awsEmail = "AWSEmail"
    case awsURL = "AWSURL"
    case awsPhone = "AWSPhone"
    case awsIPAddress = "AWSIPAddress"
    case awsJSON = "AWSJSON"

    /// Whether its values travel as JSON strings (everything but the numbers and Booleans).
    public var isText: Bool {
        switch self {
        case .int, .float, .boolean, .awsTimestamp: false
        default: true
        }
    }
}
