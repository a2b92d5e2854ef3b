import PropertySync

/// How the list is sorted; `s` cycles through them and the header names the choice.
public enum SortOrder: String, Sendable, CaseIterable {
    /// Creation order: the server's `createdAt`, rows made here and not confirmed yet last.
    case creation = "by creation"
    /// By name, without case or accents, then creation order.
    case name = "by name"
    /// By address (rows without one last), then creation order.
    case address = "by address"

    var next: SortOrder {
        let all = Self.allCases
        return all[(all.firstIndex(of: self)! + 1) % all.count]
    }

    /// The key a row sorts by first; nil in creation order.
    func key(for property: RealEstateProperty) -> String? {
        switch self {
        case .creation: nil
        case .name: SearchFolding.fold(property.name)
        // U+10FFFF sorts after any text: rows without an address go last.
        case .address: property.address.map(SearchFolding.fold) ?? "\u{10FFFF}"
        }
    }
}

/// The sample's rows: in creation order, by name or by address; the filter as typed, looked for
/// in the name and the address without case or accents.
public enum PropertyRows: RowPolicy {
    public static var creationOrder: SortOrder { .creation }

    public static func creationTime(of record: RealEstateProperty) -> CreationTime? { CreationTime(of: record) }
    public static func asciiPrefix(of id: PropertyID) -> UInt64? { id.asciiPrefix }
    public static func sortKey(of record: RealEstateProperty, _ sort: SortOrder) -> String? { sort.key(for: record) }
    public static func matches(_ record: RealEstateProperty, _ filter: FoldedFilter) -> Bool { filter.matches(record) }
}

/// The sample's row store.
public typealias RowStore = RecordRowStore<PropertyRows>

extension RecordRowStore where Policy == PropertyRows {
    /// The filter as typed (the latest asked for).
    public var filter: String { rowFilter.typed }

    public mutating func setFilter(_ text: String) { setFilter(FoldedFilter(text)) }
}
