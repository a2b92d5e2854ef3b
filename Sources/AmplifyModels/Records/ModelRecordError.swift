/// Why a record of a model cannot be made from what was given, in words that name the model,
/// the field and what was wrong.
public enum ModelRecordError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A key field the model's records do not hold, or of a kind a key cannot be (a list, a
    /// `Boolean`, JSON): such a model is shown read-only and has no records here.
    case unusableKey(model: String, field: String)
    /// No value for a key field.
    case missingKey(model: String, field: String)
    /// The model has no field of that name that a record holds.
    case unknownField(model: String, field: String)
    /// A value the field does not take.
    case invalidValue(model: String, field: String, ValueError)
    /// A field a change may not set: one only the server writes, or the key of an existing record.
    case notEditable(model: String, field: String)

    public var description: String {
        switch self {
        case .unusableKey(let model, let field): "\(model) cannot have records here: its key field \(field) is missing or cannot be a key"
        case .missingKey(let model, let field): "\(model).\(field): a key field needs a value"
        case .unknownField(let model, let field): "\(model) has no field \(field)"
        case .invalidValue(let model, let field, let error): "\(model).\(field): \(error)"
        case .notEditable(let model, let field): "\(model).\(field) is not set by a change: the server writes it, or it is part of the key"
        }
    }
}
