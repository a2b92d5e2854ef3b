import Foundation
import GraphQL
import Testing
@testable import LocalAppSync

/// The fast path's JSON writer against the library's encoder, value by value.
@Suite struct AnswerJSONWriterTests {
    static func library(_ value: Map) throws -> [UInt8] {
        Array(try GraphQLJSONEncoder().encode(Map.array([value])).dropFirst().dropLast())
    }

    @Test func everyASCIICharacterIsWrittenAsTheLibraryWritesIt() throws {
        for scalar in 0..<128 {
            let text = "a\(Character(Unicode.Scalar(UInt8(scalar))))b"
            var writer = AnswerJSONWriter(reservingCapacity: 16)
            writer.string(text)
            #expect(writer.bytes == (try Self.library(.string(text))), "U+\(String(scalar, radix: 16))")
        }
    }

    @Test func nonASCIIStringsNumbersAndLiteralsAreWrittenAsTheLibraryWritesThem() throws {
        for text in ["", "東京タワー", "😀\u{2028}\u{2029}\u{FEFF}", "é\"\\/\n", String(repeating: "\u{7F}/", count: 40)] {
            var writer = AnswerJSONWriter(reservingCapacity: 16)
            writer.string(text)
            #expect(writer.bytes == (try Self.library(.string(text))), "\(text.debugDescription)")
        }
        for number in [0, 1, -1, 42, Int(Int32.max) + 1, 1_795_408_450_948, 1 << 53, (1 << 53) + 1, -(1 << 53) - 1, Int.max, Int.min] {
            var writer = AnswerJSONWriter(reservingCapacity: 16)
            writer.int(number)
            #expect(writer.bytes == (try Self.library(.number(Number(number)))), "\(number)")
        }
        var writer = AnswerJSONWriter(reservingCapacity: 16)
        writer.bool(true)
        writer.bool(false)
        writer.null()
        #expect(writer.bytes == (try Self.library(true)) + (try Self.library(false)) + (try Self.library(.null)))
    }
}
