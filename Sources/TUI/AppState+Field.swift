import PropertySync

extension AppState.Field {
    /// The most characters the field takes: the shared rule the server enforces too.
    public var maximumLength: Int {
        switch self {
        case .newName, .rename: PropertyValidation.maximumNameLength
        case .address, .filter: PropertyValidation.maximumAddressLength
        }
    }

    /// What the field holds, for messages: "The name holds at most 200 characters."
    var noun: String {
        switch self {
        case .newName, .rename: "name"
        case .address: "address"
        case .filter: "filter"
        }
    }

    /// The property the field edits in place, if any.
    var recordID: String? {
        switch self {
        case .rename(let id), .address(let id): id
        case .newName, .filter: nil
        }
    }
}
