import Foundation
import Testing
@testable import AppSync

/// The reader against Foundation's encoder and decoder: whatever `JSONEncoder` writes reads back
/// as the same value, text that is not JSON is refused, and escapes and numbers read as JSON says.
@Suite struct JSONReaderTests {
    private func read(_ text: String) throws(JSONReadError) -> JSONValue {
        try JSONReader.read(Array(text.utf8)) { reader throws(JSONReadError) in try reader.readValue() }
    }

    @Test func whatTheEncoderWritesReadsBackTheSame() throws {
        var random = SplitMix(seed: 20)
        for _ in 0..<500 {
            let value = Self.randomValue(depth: 0, &random)
            let text = try JSONEncoder().encode(value)
            #expect(try JSONReader.read(text) { reader throws(JSONReadError) in try reader.readValue() } == value, "\(value.jsonText)")
        }
    }

    @Test func escapesAreUndone() throws {
        #expect(try read(#""a\"b\\c\/d\b\f\n\r\t""#) == .string("a\"b\\c/d\u{08}\u{0C}\n\r\t"))
        #expect(try read(#""\u00e9\u20AC""#) == .string("é€"))
        // A surrogate pair is one scalar; a lone surrogate has no UTF-8 form and becomes U+FFFD.
        #expect(try read(#""\ud83d\ude00""#) == .string("😀"))
        #expect(try read(#""\ud83dx""#) == .string("\u{FFFD}x"))
        #expect(try read(#"{"n\u0061me": 1}"#) == ["name": 1])
    }

    /// Strings are scanned eight bytes at a time: a quote, an escape or a control is found at
    /// every place within and across the eight, in strings of every length up to 40, and a
    /// string cut off before its quote is refused.
    @Test func aStringEndsWhereverItsQuoteOrEscapeFalls() throws {
        for length in 0...40 {
            let plain = String((0..<length).map { Character(UnicodeScalar(UInt8(0x41 + $0 % 26))) })
            #expect(try read("\"\(plain)\"") == .string(plain))
            #expect(try read("[\"\(plain)\", \"é\(plain)ß\"]") == [.string(plain), .string("é\(plain)ß")])
            for place in 0..<length {
                var escaped = Array(plain.utf8)
                escaped.insert(contentsOf: Array(#"\n"#.utf8), at: place)
                #expect(try read("\"" + String(decoding: escaped, as: UTF8.self) + "\"") == .string(String(plain.prefix(place)) + "\n" + plain.dropFirst(place)))
                var controlled = Array(plain.utf8)
                controlled[place] = 0x1F
                #expect(throws: JSONReadError.self) { try read("\"" + String(decoding: controlled, as: UTF8.self) + "\"") }
            }
            #expect(throws: JSONReadError.self) { try read("\"" + plain) }
        }
    }

    @Test func numbersKeepIntegersIntegral() throws {
        #expect(try read("-9223372036854775808") == .int(.min))
        #expect(try read("9223372036854775807") == .int(.max))
        #expect(try read("9223372036854775808") == .double(9_223_372_036_854_775_808))
        #expect(try read("-0.5e2") == .double(-50))
        #expect(try JSONReader.read(Array("3.0".utf8)) { reader throws(JSONReadError) in try reader.readInt64() } == 3)
        #expect(throws: JSONReadError.self) {
            try JSONReader.read(Array("3.5".utf8)) { reader throws(JSONReadError) in try reader.readInt64() }
        }
    }

    @Test(arguments: [
        "", "{", "[1,]", "{\"a\" 1}", "{\"a\":1,}", "01", "-", "1.", "1e", "tru", "nul", "\"abc", "\"a\u{01}b\"", "\"\\x\"",
        "\"\\u12\"", "{} x", "[1 2]", "<html>", String(repeating: "[", count: 600) + String(repeating: "]", count: 600),
    ])
    func whatIsNotJSONIsRefused(text: String) {
        #expect {
            try read(text)
        } throws: { error in
            (error as? JSONReadError)?.kind == .syntax
        }
    }

    @Test func aShapeErrorSaysWhereAndWhat() {
        #expect {
            try JSONReader.read(Array(#"{"items": [{"name": "a"}, {"name": 5}]}"#.utf8)) { reader throws(JSONReadError) in
                try reader.readObject { reader, _ throws(JSONReadError) in
                    try reader.readArray { reader throws(JSONReadError) in
                        try reader.readObject { reader, _ throws(JSONReadError) in _ = try reader.readString() }
                    }
                }
            }
        } throws: { error in
            let error = error as? JSONReadError
            return error?.kind == .shape && error?.description == "items[1].name: expected a string, found a number"
        }
    }

    /// A file a person wrote, or a value the user typed, is held to a depth of its own.
    @Test func theDepthLimitIsTheCallersToChoose() throws {
        let nested = Array((String(repeating: "[", count: 10) + String(repeating: "]", count: 10)).utf8)
        _ = try JSONReader.read(nested, maximumDepth: 10) { reader throws(JSONReadError) in try reader.readValue() }
        #expect {
            try JSONReader.read(nested, maximumDepth: 9) { reader throws(JSONReadError) in try reader.readValue() }
        } throws: { error in
            (error as? JSONReadError)?.kind == .syntax && (error as? JSONReadError)?.message == "nested more than 9 deep"
        }
    }

    /// A reader's syntax error in a file says its line and column; a value that is no value
    /// (a quote JSON does not have) says so rather than asking for a number.
    @Test func aSyntaxErrorIsPlacedByLineAndColumn() {
        let text = Array("{\n  \"data\": {\n    \"url\": 'x'\n  }\n}".utf8)
        #expect {
            try JSONReader.read(text) { reader throws(JSONReadError) in try reader.skipValue() }
        } throws: { error in
            guard let error = error as? JSONReadError else { return false }
            return JSONSyntaxProblem(error, in: text).description == "line 3, column 12: expected a value"
        }
    }

    @Test func randomBytesNeverTrapTheReader() {
        var random = SplitMix(seed: 7)
        let alphabet = Array(#"{}[]":,\/"u0123456789.eE+-truefalsnl x"#.utf8)
        for _ in 0..<2_000 {
            let bytes = (0..<Int(random.next() % 40)).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }
            _ = try? JSONReader.read(bytes) { reader throws(JSONReadError) in try reader.readValue() }
        }
    }

    // MARK: - Generating values

    static func randomValue(depth: Int, _ random: inout SplitMix) -> JSONValue {
        switch random.next() % (depth > 3 ? 5 : 7) {
        case 0: return .null
        case 1: return .bool(random.next() % 2 == 0)
        case 2: return .int(Int64(bitPattern: random.next()) >> (random.next() % 64))
        case 3: return .double(Double(Int64(bitPattern: random.next()) >> 20) + 0.5)
        case 4: return .string(randomString(&random))
        case 5: return .array((0..<random.next() % 5).map { _ in randomValue(depth: depth + 1, &random) })
        default:
            var object: [String: JSONValue] = [:]
            for _ in 0..<random.next() % 5 { object[randomString(&random)] = randomValue(depth: depth + 1, &random) }
            return .object(object)
        }
    }

    static func randomString(_ random: inout SplitMix) -> String {
        let pieces = ["a", "Villa", " ", "\"", "\\", "/", "\n", "\u{01}", "é", "€", "😀", "👨‍👩‍👧", "\u{7F}", "\t"]
        return (0..<random.next() % 8).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
    }
}

/// A small seeded generator, so a failure repeats.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
