import ModelFilters

/// How the filter compares text: without case and without accents, so `sao` finds
/// "Casa São João" and `MULLER` finds "Café Müller" (`TextSearch`, the filter language's bare word).
public enum SearchFolding {
    public static func fold(_ text: String) -> String { TextSearch.fold(text) }
}

/// A filter of words as rows are matched against it: `TextSearch`, folded once, with what a row
/// store asks of a filter (`RowFilter`).
public struct FoldedFilter: RowFilter {
    public let search: TextSearch

    public static var none: FoldedFilter { FoldedFilter("") }

    public init(_ filter: String) { search = TextSearch(filter) }

    /// The filter as typed.
    public var typed: String { search.text }

    public var isEmpty: Bool { search.isEmpty }

    /// A longer text that still holds the last one (typing on) keeps only rows that one kept.
    public func narrows(_ broader: FoldedFilter) -> Bool { search.folded.contains(broader.search.folded) }

    /// Whether `text` holds the filter, folded as `SearchFolding.fold` does.
    public func matches(text: String) -> Bool { search.matches(text: text) }
}
