/// The fields a user edits in place, one row each: the operation an edit of it is, how typed
/// text is checked, what it holds now. An editable field more is a case here (with its column in
/// `RealEstateProperty` and its patch in `PropertyEdit`); the list, the effects and the reducer
/// take any of them the same way.
public enum PropertyField: Sendable, Hashable, CaseIterable {
    case name, address

    /// What an edit of this field is called in messages and the undo history.
    public var kind: OperationKind {
        switch self {
        case .name: .rename
        case .address: .editField("address")
        }
    }

    /// What the field holds, for messages: "The name holds at most 200 characters."
    public var noun: String {
        switch self {
        case .name: "name"
        case .address: "address"
        }
    }

    /// The most characters it takes: the rule the server enforces too.
    public var maximumLength: Int {
        switch self {
        case .name: PropertyValidation.maximumNameLength
        case .address: PropertyValidation.maximumAddressLength
        }
    }

    /// Its text in `property`, as an edit field opens with it.
    public func text(of property: RealEstateProperty) -> String {
        switch self {
        case .name: property.name
        case .address: property.address ?? ""
        }
    }

    /// Typed text, checked once: the edit it makes, or why it cannot be made.
    public func edit(_ text: String) throws(InvalidInput) -> PropertyEdit {
        switch self {
        case .name: .name(try PropertyValidation.name(text))
        case .address: .address(try PropertyValidation.address(text))
        }
    }
}

/// A checked change of one field of a property: made where it is typed (`PropertyField.edit`)
/// or from checked values, and taken by the list as it is.
public enum PropertyEdit: Sendable, Hashable {
    case name(PropertyName)
    /// `.none` clears the address.
    case address(PropertyAddress)

    public var field: PropertyField {
        switch self {
        case .name: .name
        case .address: .address
        }
    }

    /// The patch the mutation sends: only this field.
    var patch: RealEstatePropertyPatch {
        switch self {
        case .name(let name): RealEstatePropertyPatch(name: name.text)
        case .address(let address): RealEstatePropertyPatch(address: .some(address.text))
        }
    }

    /// `property` with it made.
    public func applied(to property: RealEstateProperty) -> RealEstateProperty {
        property.applying(patch)
    }

    /// Whether `property` already holds it (then there is nothing to send).
    public func isHeld(by property: RealEstateProperty) -> Bool {
        switch self {
        case .name(let name): property.name == name.text
        case .address(let address): property.address == address.text
        }
    }

    /// The name it gives, for messages ("rename to “…” failed").
    public var newName: String? {
        if case .name(let name) = self { name.text } else { nil }
    }
}
