/// Why a value cannot go into a field, in words for the user: "Expected a date like 2026-11-25."
public struct ValueError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What the field takes: "a date like 2026-11-25".
    public var expected: String
    /// Where in a list or a custom type the problem is ("item 2", "amount"); empty for the value itself.
    public var location: [String]
    /// A sentence said instead of "Expected …" when the value has the right shape and is still
    /// wrong: "2025-02-30 is not a day: February 2025 has 28 days."
    public var problem: String?

    public init(expected: String, location: [String] = []) {
        self.expected = expected
        self.location = location
    }

    public init(problem: String, location: [String] = []) {
        self.expected = problem
        self.location = location
        self.problem = problem
    }

    /// The same error, inside `place` (an item of a list, a field of a custom type).
    func within(_ place: String) -> ValueError {
        var error = self
        error.location = [place] + location
        return error
    }

    public var description: String {
        let sentence = problem ?? "Expected " + expected + "."
        return location.isEmpty ? sentence : location.joined(separator: ", ") + ": " + sentence
    }
}

extension ScalarType {
    /// What a value of this type looks like, for messages and as an input's hint.
    public var expectation: String {
        switch self {
        case .id: "an identifier"
        case .string: "text"
        case .int: "a whole number from -2147483648 to 2147483647, like 42"
        case .float: "a number, like 12.5"
        case .boolean: "true or false"
        case .awsDate: "a date like 2026-11-25"
        case .awsTime: "a time like 14:30 or 14:30:15"
        case .awsDateTime: "a date and time with its time zone, like 2026-11-25T14:30:00Z"
        case .awsTimestamp: "a number of seconds since 1970, like 1764081000"
        case .awsEmail: "an email address like name@example.com"
        case .awsURL: "a web address with its scheme, like https://example.com"
        case .awsPhone: "a phone number like +1 206 555 0100"
        case .awsIPAddress: "an IP address like 192.0.2.1 or 2001:db8::1, with an optional /prefix"
        case .awsJSON: "JSON, like {\"size\": 3}"
        }
    }
}
