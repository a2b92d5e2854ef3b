import Foundation

/// How the filter compares text: without case and without accents, so `sao` finds
/// "Casa São João" and `MULLER` finds "Café Müller".
public enum SearchFolding {
    public static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }

    static func lowercase(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
    }
}

/// A filter as rows are matched against it: folded once, and its bytes when it is all ASCII.
public struct FoldedFilter: RowFilter {
    /// The filter as typed.
    public let typed: String
    let text: String
    /// The folded filter's bytes when they are all ASCII (lowercase already); nil otherwise.
    private let asciiBytes: [UInt8]?

    public static var none: FoldedFilter { FoldedFilter("") }

    public init(_ filter: String) {
        typed = filter
        text = SearchFolding.fold(filter)
        let bytes = Array(text.utf8)
        asciiBytes = bytes.allSatisfy { $0 < 0x80 } ? bytes : nil
    }

    public var isEmpty: Bool { text.isEmpty }

    /// A longer text that still holds the last one (typing on) keeps only rows that one kept.
    public func narrows(_ broader: FoldedFilter) -> Bool { text.contains(broader.text) }

    /// Whether `text` holds the filter, folded as `SearchFolding.fold` does.
    public func matches(text: String) -> Bool {
        guard !isEmpty else { return true }
        var text = text
        return text.withUTF8 { found(in: UnsafeRawBufferPointer($0)) }
    }

    /// ASCII text folds to its lowercase: it is searched byte by byte, no string made (a filter
    /// pass reads a million names). Any other text goes through `SearchFolding.fold`.
    private func found(in utf8: UnsafeRawBufferPointer) -> Bool {
        guard let needle = asciiBytes, utf8.allSatisfy({ $0 < 0x80 }) else {
            return SearchFolding.fold(String(decoding: utf8, as: UTF8.self)).contains(text)
        }
        guard needle.count <= utf8.count else { return false }
        for start in 0...(utf8.count - needle.count) {
            var index = 0
            while index < needle.count, SearchFolding.lowercase(utf8[start + index]) == needle[index] { index += 1 }
            if index == needle.count { return true }
        }
        return false
    }
}
