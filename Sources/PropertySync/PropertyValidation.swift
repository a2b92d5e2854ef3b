import PropertyRules

/// Input checked before anything is sent: the message says what is wrong.
public struct InvalidInput: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}

public enum PropertyValidation {
    /// The rule the server enforces too (`PropertyLimits`): what one side accepts, the other can edit.
    public static let maximumNameLength = PropertyLimits.maximumNameLength
    public static let maximumAddressLength = PropertyLimits.maximumAddressLength

    /// The name to send: trimmed, required, bounded, free of control characters.
    public static func name(_ raw: String) throws(InvalidInput) -> PropertyName {
        let name = raw.trimmingWhitespace()
        guard !name.isEmpty else { throw InvalidInput(message: "A name is required.") }
        try check(name, field: "name", maximumLength: maximumNameLength)
        return PropertyName(checked: name)
    }

    /// The address to send: trimmed; empty means no address.
    public static func address(_ raw: String) throws(InvalidInput) -> PropertyAddress {
        let address = raw.trimmingWhitespace()
        guard !address.isEmpty else { return .none }
        try check(address, field: "address", maximumLength: maximumAddressLength)
        return PropertyAddress(checked: address)
    }

    private static func check(_ text: String, field: String, maximumLength: Int) throws(InvalidInput) {
        if text.count > maximumLength {
            throw InvalidInput(message: "The \(field) is too long: \(text.count) characters, at most \(maximumLength).")
        }
        // The rule the server enforces too (`PropertyCharacters`).
        if let bad = PropertyCharacters.firstForbidden(in: text) {
            throw InvalidInput(message: "The \(field) contains a control character (\(PropertyCharacters.codePoint(bad))); remove it.")
        }
    }
}

extension String {
    func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}
