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

/// Where a row sits in the list: its sort key (by name or address), then creation
/// order. Rows the server has seen sort by `createdAt` then id; rows created here
/// and not yet confirmed go at the end, in the order they appeared. In creation order
/// a row's key is taken once, when it first appears, and kept while it exists, so a
/// rename or a confirmation never moves it; sorted by name, a rename moves it.
struct RowOrder: Comparable, Sendable {
    /// The folded name or address; nil in creation order.
    var sortKey: String? = nil
    /// nil: a local row without a server time yet; sorts after every dated row.
    let createdAt: String?
    /// Arrival sequence, used only between undated rows.
    let arrival: UInt64
    let id: String

    static func < (a: RowOrder, b: RowOrder) -> Bool {
        if a.sortKey != b.sortKey, let x = a.sortKey, let y = b.sortKey { return x < y }
        switch (a.createdAt, b.createdAt) {
        case let (x?, y?): return x != y ? x < y : a.id < b.id
        case (.some, nil): return true
        case (nil, .some): return false
        case (nil, nil): return a.arrival != b.arrival ? a.arrival < b.arrival : a.id < b.id
        }
    }

    static func == (a: RowOrder, b: RowOrder) -> Bool { !(a < b) && !(b < a) }
}
