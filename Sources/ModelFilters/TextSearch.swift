import AmplifyModels
import Foundation

/// A bare word's meaning on this side: the list's search as the `/` prompt has always done it
/// (`ModelRowPolicy.matches` with `ListRows`' `FoldedFilter`, which this module cannot link):
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
    private let folded: String
    /// The folded text's bytes when they are all ASCII; nil otherwise.
    private let asciiBytes: [UInt8]?

    public init(_ text: String) {
        self.text = text
        folded = Self.fold(text)
        let bytes = Array(folded.utf8)
        asciiBytes = bytes.allSatisfy { $0 < 0x80 } ? bytes : nil
    }

    static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }

    public func matches(_ record: ModelRecord) -> Bool {
        guard !folded.isEmpty else { return true }
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

    /// Whether `text` holds the search, folded. ASCII text folds to its lowercase, so it is
    /// compared byte by byte; any other text is folded first.
    public func matches(text: String) -> Bool {
        guard let needle = asciiBytes, text.utf8.allSatisfy({ $0 < 0x80 }) else { return Self.fold(text).contains(folded) }
        let haystack = Array(text.utf8)
        guard needle.count <= haystack.count else { return false }
        return (0...(haystack.count - needle.count)).contains { start in
            needle.indices.allSatisfy { Self.lowercase(haystack[start + $0]) == needle[$0] }
        }
    }

    private static func lowercase(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
    }
}
