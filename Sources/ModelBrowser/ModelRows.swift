import AmplifyModels
import Foundation
import ListRows
import ModelFilters
import ModelScreens
import OptimisticStore
import SyncEngine

/// How any model's list is ordered and filtered in the row store (`ListRows`' `RecordRowStore`):
/// in creation order (the server's `createdAt`, the same on every client; rows the server has not
/// confirmed yet after them, in the order they appeared) or by the display field; a relation's
/// list and the typed filter narrow it.
public enum ModelRowPolicy: RowPolicy {
    public enum Sort: Hashable, Sendable {
        case creation
        /// By a field's value as the list writes it, compared as `ModelRows.nameKey` compares
        /// names; rows without one last (the sample's "by address").
        case field(String)
    }

    /// A relation's children (`RecordFilter`) and the typed filter: words, looked for in every
    /// value (but the generated id and the server's times) as the screen writes it, without case
    /// or accents, or an expression of the filter language (`price >= 100 and villa`).
    public struct Filter: RowFilter {
        let relation: RecordFilter?
        let typed: Typed

        /// Words, folded once; or an expression with clauses on fields.
        enum Typed: Sendable, Equatable {
            case words(FoldedFilter)
            case expression(PreparedFilter)
        }

        public static var none: Filter { Filter(relation: nil, text: "") }

        /// The rows under `relation` (all of them when nil) that hold `text`.
        public init(relation: RecordFilter? = nil, text: String) { self.init(relation: relation, .words(text)) }

        /// The rows under `relation` that the typed filter keeps.
        public init(relation: RecordFilter? = nil, _ filter: TypedFilter) {
            self.relation = relation
            switch filter {
            case .words(let text): typed = .words(FoldedFilter(text))
            case .expression(let expression): typed = .expression(PreparedFilter(expression))
            }
        }

        public var isEmpty: Bool {
            guard relation == nil, case .words(let words) = typed else { return false }
            return words.isEmpty
        }

        /// Typing on in words keeps only rows the shorter words kept; an expression narrows only
        /// no filter of its own (or itself): a longer one may keep more (`a or b`).
        public func narrows(_ broader: Filter) -> Bool {
            guard broader.relation == nil || broader.relation == relation else { return false }
            switch (typed, broader.typed) {
            case (.words(let mine), .words(let theirs)): return mine.narrows(theirs)
            case (.expression, .words(let theirs)): return theirs.isEmpty
            case (.expression(let mine), .expression(let theirs)): return mine == theirs
            case (.words, .expression): return false
            }
        }
    }

    public static var creationOrder: Sort { .creation }

    public static func creationTime(of record: ModelRecord) -> CreationTime? { record.createdAt.map(CreationTime.init) }

    public static func asciiPrefix(of id: RecordKey) -> UInt64? { id.asciiPrefix }

    public static func sortKey(of record: ModelRecord, _ sort: Sort) -> String? {
        guard case .field(let name) = sort else { return nil }
        if name == record.model.displayField { return ModelRows.nameKey(record.displayName) }
        // U+10FFFF sorts after any text: rows without the value go last.
        guard let index = record.layout.index(of: name), let value = record[name], value != .null else { return "\u{10FFFF}" }
        return ModelRows.nameKey(record.layout.codecs[index].text(value))
    }

    public static func matches(_ record: ModelRecord, _ filter: Filter) -> Bool {
        if let relation = filter.relation, !relation.matches(record) { return false }
        switch filter.typed {
        case .words(let words): return words.search.matches(record)
        case .expression(let expression): return expression.matches(record)
        }
    }
}

/// One model's rows as its list shows them, in the row store: a key press or a frame
/// costs O(log n) at a million rows, and a new sort or filter of a large list runs off the loop
/// (`takeJob`, `adopt`).
struct ModelRows: Sendable {
    private(set) var store = RecordRowStore<ModelRowPolicy>()

    var sort: ModelRowPolicy.Sort {
        get { store.sortOrder }
        set { store.setSortOrder(newValue) }
    }

    /// The orders `s` steps through: creation, then each field a list may be sorted by.
    static func sorts(of model: AmplifyModel) -> [ModelRowPolicy.Sort] {
        [.creation] + RecordColumns.sortable(of: model).map { .field($0.name) }
    }

    /// The rows shown (after the filter).
    var count: Int { store.count }
    /// Every row, the filter aside.
    var totalCount: Int { store.totalCount }
    var isRecomputing: Bool { store.isRecomputing }

    func row(_ key: RecordKey) -> RecordRow<ModelRecord>? { store.row(id: key) }
    func row(at index: Int) -> RecordRow<ModelRecord> { store.row(at: index) }
    func key(at index: Int) -> RecordKey { store.id(at: index) }
    /// The position of a shown row; nil when it is not shown.
    func index(of key: RecordKey) -> Int? { store.index(of: key) }
    /// The keys of the rows shown, in order: O(n), for tests and small lists.
    var order: [RecordKey] { (0..<count).map(key(at:)) }
    /// Every row, filtered out or not: O(n), never per key or frame.
    var allRows: [RecordRow<ModelRecord>] { store.allRows }

    mutating func replaceAll(_ rows: [RecordRow<ModelRecord>]) { store.replaceAll(with: rows) }
    mutating func apply(_ update: RecordRowUpdate<ModelRecord>) { store.apply(update) }

    /// Narrows the rows shown to a relation's children and a typed filter.
    mutating func show(relation: RecordFilter?, filter: TypedFilter) {
        store.setFilter(ModelRowPolicy.Filter(relation: relation, filter))
    }

    mutating func takeJob() -> RecordRowViewJob<ModelRowPolicy>? { store.takeJob() }
    mutating func adopt(_ result: RowViewResult) { store.adopt(result) }

    /// A name as the sort by name compares it, with `<`: without case, accents or width, and
    /// with numbers as numbers ("Unit 9" before "Unit 10"): each run of digits is written
    /// without leading zeros and padded to 20 digits, so longer numbers sort after shorter ones.
    static func nameKey(_ name: String) -> String {
        let folded = name.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        var key = ""
        key.reserveCapacity(folded.utf8.count + 8)
        var digits = ""
        func endDigits() {
            guard !digits.isEmpty else { return }
            let number = digits.drop(while: { $0 == "0" })
            key += String(repeating: "0", count: max(0, 20 - number.count)) + number
            digits = ""
        }
        for character in folded {
            if character.isASCII, character.isNumber {
                digits.append(character)
            } else {
                endDigits()
                key.append(character)
            }
        }
        endDigits()
        return key
    }
}
