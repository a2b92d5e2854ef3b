/// Where a row sits in the list: its sort key (by name or address), then creation order.
/// Rows the server has seen sort by `createdAt` then id; rows created here and not yet
/// confirmed go at the end, in the order they appeared. In creation order a row's place is
/// taken once, when it first appears, and kept while it exists, so a rename or a
/// confirmation never moves it; sorted by name, a rename moves it.
///
/// It compares slots of a row table: `OrderedSlots` keeps slots in this order. Holding one
/// shares the tables (copy-on-write): let it go before writing to them.
struct RowOrdering {
    let entries: PagedArray<RowEntry?>
    /// Each slot's folded name or address; nil in creation order.
    let sortKeys: PagedArray<String?>?

    /// Whether slot `a` comes before slot `b`; both hold rows.
    func precedes(_ a: Int32, _ b: Int32) -> Bool {
        if let keys = sortKeys, let x = keys[Int(a)], let y = keys[Int(b)], x != y { return x < y }
        let first = entries[Int(a)]!
        let second = entries[Int(b)]!
        switch (first.createdAt, second.createdAt) {
        case let (x?, y?): return x != y ? x < y : first.row.id < second.row.id
        case (.some, nil): return true
        case (nil, .some): return false
        case (nil, nil):
            return first.arrival != second.arrival ? first.arrival < second.arrival : first.row.id < second.row.id
        }
    }
}
