import PropertySync

extension AppState.Field {
    /// The most characters the field takes: the shared rule the server enforces too.
    public var maximumLength: Int {
        switch self {
        case .newName: PropertyValidation.maximumNameLength
        case .edit(_, let field): field.maximumLength
        case .filter: PropertyValidation.maximumAddressLength
        }
    }

    /// What the field holds, for messages: "The name holds at most 200 characters."
    var noun: String {
        switch self {
        case .newName: "name"
        case .edit(_, let field): field.noun
        case .filter: "filter"
        }
    }

    /// The property the field edits in place, if any.
    var recordID: PropertyID? {
        switch self {
        case .edit(let id, _): id
        case .newName, .filter: nil
        }
    }
}
