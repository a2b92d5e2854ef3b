import JSONValues

/// One scalar value: read from what the user typed, checked as AppSync checks it, written back
/// as text, and to and from its JSON on the wire.
extension ScalarType {
    /// What the user typed (not empty: an empty field is null, decided by the caller).
    func value(typed text: String) throws(ValueError) -> ModelValue {
        let trimmed = text.trimmingBlanks
        switch self {
        case .id, .string: return .string(text)
        case .int:
            guard Self.isInteger(trimmed), let value = Int32(trimmed.drop(while: { $0 == "+" })) else { throw mismatch }
            return .int(Int64(value))
        case .awsTimestamp:
            guard Self.isInteger(trimmed), let value = Int64(trimmed.drop(while: { $0 == "+" })) else { throw mismatch }
            return .int(value)
        case .float:
            guard Self.isDecimal(trimmed), let value = Double(trimmed) else { throw mismatch }
            // 1e400 is a number, but more than a Float (a double) can hold.
            guard value.isFinite else { throw ValueError(expected: "a number no larger than 1.8e308, like 12.5") }
            return .float(value)
        case .boolean:
            switch trimmed.lowercased() {
            case "true": return .bool(true)
            case "false": return .bool(false)
            default: throw mismatch
            }
        case .awsJSON: return .json(try Self.parseJSON(text))
        case .awsDate, .awsTime, .awsDateTime, .awsEmail, .awsURL, .awsPhone, .awsIPAddress:
            return try checked(.string(trimmed))
        }
    }

    /// The value as text, as `value(typed:)` reads it back.
    func text(_ value: ModelValue) -> String {
        switch value {
        case .null: ""
        case .string(let text), .enumValue(let text): text
        case .int(let number): String(number)
        case .float(let number): "\(number)"
        case .bool(let flag): flag ? "true" : "false"
        case .json(let json): json.jsonText
        case .list(let items): JSONValue.array(items.map { Self.textJSON($0) }).jsonText
        }
    }

    private static func textJSON(_ value: ModelValue) -> JSONValue {
        switch value {
        case .null: .null
        case .string(let text), .enumValue(let text): .string(text)
        case .int(let number): .int(number)
        case .float(let number): number.isFinite ? .double(number) : .null
        case .bool(let flag): .bool(flag)
        case .json(let json): json
        case .list(let items): .array(items.map(textJSON))
        }
    }

    /// The value as JSON variables carry it. `AWSJSON` travels as a string holding its text.
    func json(_ value: ModelValue) -> JSONValue {
        switch (self, value) {
        case (.awsJSON, .json(let json)): .string(json.jsonText)
        default: Self.textJSON(value)
        }
    }

    /// A value read from an answer, checked like a typed one. A number written with a fraction
    /// or an exponent (`3.0`) is no `Int`, as it is no integer in GraphQL's grammar.
    func value(json: JSONValue) throws(ValueError) -> ModelValue {
        switch (self, json) {
        case (.int, .int(let value)):
            guard Int32(exactly: value) != nil else { throw mismatch }
            return .int(value)
        case (.awsTimestamp, .int(let value)): return .int(value)
        case (.float, .int(let value)): return .float(Double(value))
        case (.float, .double(let value)):
            guard value.isFinite else { throw mismatch }
            return .float(value)
        case (.boolean, .bool(let flag)): return .bool(flag)
        // As typed (`value(typed:)`), without trimming a text the JSON reader skips blanks of anyway.
        case (.awsJSON, .string(let text)): return .json(try Self.parseJSON(text))
        // Some servers hand AWSJSON back as the value itself rather than its text.
        case (.awsJSON, _): return .json(json)
        case (.id, .string(let text)), (.string, .string(let text)): return .string(text)
        case (_, .string(let text)) where isText: return try checked(.string(text))
        default: throw mismatch
        }
    }

    /// `value` if it is one this type takes (the format of a text scalar, the range of a number).
    func checked(_ value: ModelValue) throws(ValueError) -> ModelValue {
        let isValid: Bool
        switch (self, value) {
        case (.id, .string), (.string, .string), (.awsJSON, .json), (.boolean, .bool), (.awsTimestamp, .int): isValid = true
        case (.int, .int(let number)): isValid = Int32(exactly: number) != nil
        case (.float, .float(let number)): isValid = number.isFinite
        case (.awsDate, .string(let text)): isValid = TemporalFormats.isDate(text)
        case (.awsTime, .string(let text)): isValid = TemporalFormats.isTime(text)
        case (.awsDateTime, .string(let text)): isValid = TemporalFormats.isDateTime(text)
        case (.awsEmail, .string(let text)): isValid = NetworkFormats.isEmail(text)
        case (.awsURL, .string(let text)): isValid = NetworkFormats.isURL(text)
        case (.awsPhone, .string(let text)): isValid = NetworkFormats.isPhone(text)
        case (.awsIPAddress, .string(let text)): isValid = NetworkFormats.isIPAddress(text)
        default: isValid = false
        }
        guard isValid else {
            // The right shape on a day that does not exist is said as that, not as a wrong shape.
            if case .string(let text) = value, let problem = impossibleDay(in: text) { throw ValueError(problem: problem) }
            throw mismatch
        }
        return value
    }

    private func impossibleDay(in text: String) -> String? {
        switch self {
        case .awsDate: TemporalFormats.impossibleDay(in: text, isValid: TemporalFormats.isDate)
        case .awsDateTime: TemporalFormats.impossibleDay(in: text, isValid: TemporalFormats.isDateTime)
        default: nil
        }
    }

    var mismatch: ValueError { ValueError(expected: expectation) }

    /// An `AWSJSON` value is one field's worth, not a file: at most a megabyte, 64 levels deep.
    static func parseJSON(_ text: String) throws(ValueError) -> JSONValue {
        let bytes = Array(text.utf8)
        guard bytes.count <= 1024 * 1024 else { throw ValueError(expected: "JSON of at most a megabyte") }
        do {
            return try JSONReader.read(bytes, maximumDepth: 64) { reader throws(JSONReadError) in try reader.readValue() }
        } catch {
            throw ValueError(expected: ScalarType.awsJSON.expectation + " (\(JSONSyntaxProblem(error, in: bytes)))")
        }
    }

    /// `[+-]digits`: what Int and AWSTimestamp take (no fraction, no exponent).
    static func isInteger(_ text: String) -> Bool {
        let digits = text.first == "+" || text.first == "-" ? text.dropFirst() : Substring(text)
        return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// `[+-]digits[.digits][e[+-]digits]` (or `.5`): no `inf`, `nan` or hexadecimal, which
    /// `Double` would read but GraphQL's Float does not take.
    static func isDecimal(_ text: String) -> Bool {
        var rest = Substring(text)
        if rest.first == "+" || rest.first == "-" { rest = rest.dropFirst() }
        let mantissa = rest.prefix { $0 != "e" && $0 != "E" }
        let exponent = rest.dropFirst(mantissa.count)
        let parts = mantissa.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let isDigits: (Substring) -> Bool = { $0.allSatisfy { $0.isASCII && $0.isNumber } }
        guard parts.allSatisfy(isDigits), parts.contains(where: { !$0.isEmpty }) else { return false }
        guard !exponent.isEmpty else { return true }
        var power = exponent.dropFirst()
        if power.first == "+" || power.first == "-" { power = power.dropFirst() }
        return !power.isEmpty && isDigits(power)
    }
}

extension String {
    /// Without blanks and line breaks at either end.
    var trimmingBlanks: String {
        let isBlank: (Character) -> Bool = { $0.isWhitespace }
        return String(drop(while: isBlank).reversed().drop(while: isBlank).reversed())
    }
}
