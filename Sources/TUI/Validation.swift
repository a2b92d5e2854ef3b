/// Input checks made before anything is sent. Each failure says what is wrong
/// in words the status line can show as they are.
public enum Validation {
    public static let maximumNameLength = 100
    public static let maximumAddressLength = 200

    /// A name, trimmed of surrounding blanks: required, at most 100 characters, no control characters.
    public static func name(_ raw: String) -> Result<String, InputError> {
        let name = trimmed(raw)
        if name.isEmpty { return .failure(InputError("A name is required.")) }
        if let error = check(name, field: "name", maximum: maximumNameLength) { return .failure(error) }
        return .success(name)
    }

    /// An address, trimmed: optional (empty clears it, giving nil), at most 200 characters, no control characters.
    public static func address(_ raw: String) -> Result<String?, InputError> {
        let address = trimmed(raw)
        if address.isEmpty { return .success(nil) }
        if let error = check(address, field: "address", maximum: maximumAddressLength) { return .failure(error) }
        return .success(address)
    }

    private static func check(_ text: String, field: String, maximum: Int) -> InputError? {
        if text.count > maximum {
            return InputError("The \(field) is too long: \(text.count) characters, at most \(maximum).")
        }
        if let control = text.unicodeScalars.first(where: TerminalText.needsReplacement) {
            let code = String(control.value, radix: 16, uppercase: true)
            return InputError("The \(field) contains a control character (U+\(String(repeating: "0", count: max(0, 4 - code.count)) + code)).")
        }
        return nil
    }

    private static func trimmed(_ text: String) -> String {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\u{3000}" || $0 == "\u{A0}" }
        return String(text.drop(while: isBlank).reversed().drop(while: isBlank).reversed())
    }
}

/// Why some input cannot be sent.
public struct InputError: Error, Sendable, Equatable {
    public let message: String
    public init(_ message: String) { self.message = message }
}
