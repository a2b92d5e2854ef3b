import AmplifyModels
import Foundation

/// A bare word's meaning on this side: the list's search as the `/` prompt has always done it
/// (`ModelRowPolicy.matches`, through `ListRows`' `FoldedFilter`, which wraps this):
/// any value a person typed or reads (not a generated `id`, not what only the server writes:
/// `RecordLayout.isSearched`) holds the text, without case, accents or width, each value
/// written as the list writes it.
///
/// The server has no such search. Its form (`FilterGraphQL`) is an `or` of `contains` over the
/// searched text fields, which is case- and accent-sensitive and reads no number, enum or list:
/// a filter holding a search is not exact on the server (`isExactOnServer`).
public struct TextSearch: Sendable, Hashable {
    public let text: String
    /// The text without case, accents or width, as `matches` compares it.
    public let folded: String
    /// The folded text's bytes when they are all ASCII (lowercase already); nil otherwise.
    private let asciiBytes: [UInt8]?

    public init(_ text: String) {
        self.text = text
        folded = Self.fold(text)
        let bytes = Array(folded.utf8)
        asciiBytes = bytes.allSatisfy { $0 < 0x80 } ? bytes : nil
    }

    public var isEmpty: Bool { folded.isEmpty }

    /// Text without case, accents or width: `sao` finds "Casa São João", `MULLER` "Café Müller".
    public static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }

    public func matches(_ record: ModelRecord) -> Bool {
        guard !folded.isEmpty else { return true }
        // Value by value, text as it is (its bytes, when ASCII), anything else as the list writes
        // it: no text of the whole record is made per row a filter pass reads. Not the generated
        // id nor the server's times: "2026" would match every row.
        let layout = record.layout
        for (index, value) in record.values.enumerated() where layout.isSearched[index] {
            switch value {
            case .null: continue
            case .string(let text): if matches(text: text) { return true }
            default: if matches(text: layout.codecs[index].text(value)) { return true }
            }
        }
        return false
    }

    /// Whether `text` holds the search, folded as `fold` does.
    public func matches(text: String) -> Bool {
        guard !folded.isEmpty else { return true }
        var text = text
        return text.withUTF8 { found(in: UnsafeRawBufferPointer($0)) }
    }

    /// ASCII text folds to its lowercase: it is searched byte by byte, no string made (a filter
    /// pass reads a million names). Any other text is folded first.
    private func found(in utf8: UnsafeRawBufferPointer) -> Bool {
        guard let needle = asciiBytes, utf8.allSatisfy({ $0 < 0x80 }) else {
            return Self.fold(String(decoding: utf8, as: UTF8.self)).contains(folded)
        }
        guard needle.count <= utf8.count else { return false }
        for start in 0...(utf8.count - needle.count) {
            var index = 0
            while index < needle.count, Self.lowercase(utf8[start + index]) == needle[index] { index += 1 }
            if index == needle.count { return true }
        }
        return false
    }

    private static func lowercase(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
    }
}
