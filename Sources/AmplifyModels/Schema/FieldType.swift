/// What a field holds: a scalar, one of the schema's enums, a custom (non-model) type, another
/// model (an association), or a type the app does not know, kept by name so that the model can
/// still be shown (read-only) and the reason named.
public enum FieldType: Sendable, Hashable, Codable {
    case scalar(ScalarType)
    case enumeration(String)
    case nonModel(String)
    case model(String)
    case unknown(String)

    /// The type's name as GraphQL writes it (`String`, `TransactionType`, `Budget`).
    public var graphQLName: String {
        switch self {
        case .scalar(let scalar): scalar.rawValue
        case .enumeration(let name), .nonModel(let name), .model(let name), .unknown(let name): name
        }
    }

    public var isModel: Bool {
        if case .model = self { true } else { false }
    }
}
