import AmplifyModels
import AppSync
import Testing

/// AppSync's documented formats, value by value: what it takes and what it refuses.
@Suite struct ScalarFormatTests {
    static func codec(_ scalar: ScalarType, required: Bool = false) -> FieldValueCodec {
        FieldValueCodec(field: ModelField(name: "value", type: .scalar(scalar), isRequired: required), schema: ModelSchema(models: []))
    }

    static let accepted: [(ScalarType, [String])] = [
        (.int, ["0", "42", "-7", "+3", "2147483647", "-2147483648", " 12 "]),
        (.float, ["1", "-2.5", "0.001", "1e3", "6.02E+23", ".5", "3."]),
        (.boolean, ["true", "false", "TRUE", "False"]),
        (.awsDate, ["2026-11-25", "1970-01-01Z", "1970-01-01-07:00", "1970-01-01+05:30", "2024-02-29", "2000-02-29",
                    "1970-01-01+05:30:15", "-0044-03-15"]),
        (.awsTime, ["14:30", "14:30:15", "14:30:15.5", "12:30:24.123456789", "12:30Z", "12:30:24-07:00", "23:59:59.999+05:30", "00:00"]),
        (.awsDateTime, ["2026-11-25T14:30:00Z", "1970-01-01T12:00:00.2Z", "1970-01-01T12:00:00.123456789Z", "2026-11-25T14:30Z",
                        "2026-11-25T14:30:00.000+01:00", "2026-11-25T14:30:00-07:00:30"]),
        (.awsTimestamp, ["0", "1764081000", "-86400", "99999999999"]),
        (.awsEmail, ["name@example.com", "first.last+tag@sub.example.co", "o'brien@example.ie", "a@localhost"]),
        (.awsURL, ["https://example.com", "http://example.com/a/b?q=1#x", "mailto:name@example.com", "ftp://host:21/file",
                   "https://www.amazon.com/dp/B000NZW3KC/"]),
        (.awsPhone, ["+1 206 555 0100", "206-555-0100", "2065550100", "+44 20 7946 0958", "+33-1-23-45-67-89"]),
        (.awsIPAddress, ["192.0.2.1", "127.0.0.1/8", "0.0.0.0/0", "255.255.255.255", "2001:db8::1", "::", "::1", "1a2b:3c4d::/128",
                         "::ffff:192.0.2.1", "2001:0db8:0000:0000:0000:ff00:0042:8329", "fe80::/10"]),
        (.awsJSON, ["{\"size\": 3}", "[1, 2, 3]", "\"text\"", "1", "true", "null"]),
        (.id, ["abc", "3f2b-…", " spaced "]),
        (.string, ["anything at all", "é😀"]),
    ]

    static let refused: [(ScalarType, [String])] = [
        (.int, ["2147483648", "-2147483649", "1.5", "1e3", "0x10", "four", "--1", "+"]),
        (.float, ["nan", "inf", "-infinity", "0x1p3", "1,5", "e3", "1e", "."]),
        (.boolean, ["yes", "1", "t"]),
        (.awsDate, ["2026-1-5", "26-11-25", "2026-11-25T00:00Z",
                    "2026-11-25+0100", "2026-11-25+01", "2026-11-25+24:00", "2026/11/25"]),
        (.awsTime, ["24:00", "14:60", "14:30:60", "14", "14:30:15.", "14:30:15.1234567890", "2pm", "14:30+0100"]),
        (.awsDateTime, ["2026-11-25T14:30:00", "2026-11-25 14:30:00Z", "2026-11-25", "2026-11-25T25:00Z", "2026-11-25t14:30z"]),
        (.awsTimestamp, ["1.5", "1e9", "tomorrow"]),
        (.awsEmail, ["name", "@example.com", "name@", "a@b@c", "a b@example.com", "a..b@example.com", "a@-example.com", "a@example..com",
                     // Letters and digits are ASCII ones: not an accented letter, another script's digit or a combining mark.
                     "é@example.com", "a@ex٣mple.com", "name@exa\u{301}mple.com", "ｎａｍｅ@example.com"]),
        (.awsURL, ["example.com", "//example.com", "https://", "https:///path", "https://example.com//double", "1http://x",
                   "http://exa mple.com", "ftp٣://host", "ｈttp://example.com", "é://x"]),
        (.awsPhone, ["phone", "+", "12 34", "206--555-0100", "206 555 0100 ext 2", "1234567890123456", "(206) 555-0100",
                     "٢٠٦ 555 0100", "２０６ 555 0100"]),
        (.awsIPAddress, ["192.0.2.١", "256.0.0.1", "1.2.3", "1.2.3.4.5", "01.2.3.4", "192.0.2.1/33", "2001:db8::1/129", "1::2::3",
                         "12345::", "1:2:3:4:5:6:7:8:9", "::g", "192.0.2.1/", "localhost"]),
        (.awsJSON, ["{", "{size: 3}", "'text'", "[1,]"]),
    ]

    @Test func acceptedValuesParseAndRenderBack() throws {
        for (scalar, texts) in Self.accepted {
            let codec = Self.codec(scalar)
            for text in texts {
                let value = try codec.value(typed: text)
                #expect(value != .null, "\(scalar.rawValue) \(text)")
                // What the field shows reads back as the same value.
                #expect(try codec.value(typed: codec.text(value)) == value, "\(scalar.rawValue) \(text)")
            }
        }
    }

    @Test func refusedValuesSayWhatIsExpected() {
        for (scalar, texts) in Self.refused {
            let codec = Self.codec(scalar)
            for text in texts {
                do {
                    let value = try codec.value(typed: text)
                    Issue.record("\(scalar.rawValue) took \(text) as \(value)")
                } catch {
                    #expect(error.description.hasPrefix("Expected " + scalar.expectation), "\(scalar.rawValue) \(text): \(error)")
                }
            }
        }
    }

    /// The right shape on a day that does not exist is said as that (issue 29): "Expected a date
    /// like 2026-11-25" told the user to write what they had written.
    @Test func anImpossibleDaySaysTheDayDoesNotExist() {
        let cases: [(ScalarType, String, String)] = [
            (.awsDate, "2025-02-30", "2025-02-30 is not a day: February 2025 has 28 days."),
            (.awsDate, "2023-02-29", "2023-02-29 is not a day: February 2023 has 28 days."),
            (.awsDate, "1900-02-29", "1900-02-29 is not a day: February 1900 has 28 days."),
            (.awsDate, "2024-02-30Z", "2024-02-30 is not a day: February 2024 has 29 days."),
            (.awsDate, "2026-04-31+01:00", "2026-04-31 is not a day: April 2026 has 30 days."),
            (.awsDate, "2026-01-00", "2026-01-00 is not a day: January 2026 has 31 days."),
            (.awsDate, "-0043-02-29", "-0043-02-29 is not a day: February -0043 has 28 days."),
            (.awsDate, "2026-13-01", "2026-13-01 is not a date: a month is 01 to 12."),
            (.awsDateTime, "2025-02-30T14:30:00Z", "2025-02-30 is not a day: February 2025 has 28 days."),
            (.awsDateTime, "2026-06-31T00:00:00.5-07:00", "2026-06-31 is not a day: June 2026 has 30 days."),
        ]
        for (scalar, text, sentence) in cases {
            #expect(throws: ValueError(problem: sentence), "\(scalar.rawValue) \(text)") { try Self.codec(scalar).value(typed: text) }
            #expect((try? Self.codec(scalar).value(json: .string(text))) == nil)
        }
        // Wrong elsewhere too: the shape is what is said, not the day.
        for (scalar, text) in [(ScalarType.awsDate, "2025-02-30T10:00Z"), (.awsDateTime, "2025-02-30T14:30:00"), (.awsDateTime, "2025-02-30 14:30Z")] {
            #expect(throws: ValueError(expected: scalar.expectation), "\(scalar.rawValue) \(text)") { try Self.codec(scalar).value(typed: text) }
        }
        // In a list, the item is named.
        let list = FieldValueCodec(
            field: ModelField(name: "days", type: .scalar(.awsDate), isList: true), schema: ModelSchema(models: []))
        do {
            _ = try list.value(typed: "[\"2026-01-01\", \"2025-02-30\"]")
            Issue.record("a list holding 2025-02-30 was taken")
        } catch {
            #expect(error.description.hasSuffix("2025-02-30 is not a day: February 2025 has 28 days."), "\(error)")
        }
    }

    @Test func messagesAreInWordsAUserUnderstands() {
        #expect(throws: ValueError(expected: "a date like 2026-11-25")) { try Self.codec(.awsDate).value(typed: "25/11/2026") }
        #expect((try? Self.codec(.awsDate).value(typed: "x")) == nil)
        do {
            _ = try Self.codec(.awsDate).value(typed: "25/11/2026")
        } catch {
            #expect(error.description == "Expected a date like 2026-11-25.")
        }
        // A number, but too large for the field: said so, not "expected a number".
        #expect(throws: ValueError(expected: "a number no larger than 1.8e308, like 12.5")) { try Self.codec(.float).value(typed: "1e400") }
        #expect(throws: ValueError(expected: "a value: the field is required (a number, like 12.5)")) {
            try Self.codec(.float, required: true).value(typed: "  ")
        }
    }

    @Test func emptyIsNullWhenTheFieldIsOptional() throws {
        #expect(try Self.codec(.string).value(typed: "") == .null)
        #expect(try Self.codec(.awsDate).value(typed: " ") == .null)
    }

    /// A value as it arrives: its JSON text read as the app reads an answer.
    static func wire(_ text: String) throws -> JSONValue {
        try #require(JSONValue(jsonText: Array(text.utf8)), "\(text) is not JSON")
    }

    @Test func valuesFromTheWireAreCheckedByTheirJSONKind() throws {
        let int = Self.codec(.int)
        #expect(try int.value(json: Self.wire("42")) == .int(42))
        #expect(throws: ValueError.self) { try int.value(json: Self.wire("4.5")) }
        // Written with a fraction, a whole number is still no Int (GraphQL's grammar).
        #expect(throws: ValueError.self) { try int.value(json: Self.wire("3.0")) }
        #expect(throws: ValueError.self) { try int.value(json: Self.wire("3000000000")) }
        #expect(throws: ValueError.self) { try int.value(json: .string("42")) }
        #expect(try Self.codec(.float).value(json: Self.wire("3")) == .float(3))
        #expect(throws: ValueError.self) { try Self.codec(.float).value(json: .double(.infinity)) }
        // A number no Double holds is refused with the answer it came in.
        #expect(JSONValue(jsonText: Array("1e999".utf8)) == nil)
        #expect(try Self.codec(.awsTimestamp).value(json: Self.wire("1764081000")) == .int(1_764_081_000))
        #expect(throws: ValueError.self) { try Self.codec(.awsTimestamp).value(json: Self.wire("12345678901234567890")) }
        // AWSJSON travels as a string holding the JSON; some servers send the value itself.
        let json = Self.codec(.awsJSON)
        #expect(try json.value(json: .string("{\"a\":1}")) == .json(.object(["a": .int(1)])))
        #expect(try json.value(json: .object(["a": .int(1)])) == .json(.object(["a": .int(1)])))
        #expect(json.json(.json(.object(["a": .int(1)]))) == .string("{\"a\":1}"))
        #expect(throws: ValueError.self) { try Self.codec(.awsDate).value(json: .string("tomorrow")) }
    }
}
