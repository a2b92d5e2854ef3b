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
        if let bad = text.unicodeScalars.first(where: isControl) {
            throw InvalidInput(
                message: "The \(field) contains a control character (U+\(String(bad.value, radix: 16, uppercase: true).leftPadded(to: 4))); remove it.")
        }
    }

    /// C0/C1 controls, and the bidirectional overrides that can make text read differently than it is stored.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control
            || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
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

    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
