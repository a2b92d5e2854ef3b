/// Where a row sits in the list: creation order. Rows the server has seen sort
/// by `createdAt` then id; rows created here and not yet confirmed go at the end,
/// in the order they appeared. A row's key is taken once, when it first appears,
/// and kept while it exists, so a rename or a confirmation never moves it.
struct RowOrder: Comparable, Sendable {
    /// nil: a local row without a server time yet; sorts after every dated row.
    let createdAt: String?
    /// Arrival sequence, used only between undated rows.
    let arrival: UInt64
    let id: String

    static func < (a: RowOrder, b: RowOrder) -> Bool {
        switch (a.createdAt, b.createdAt) {
        case let (x?, y?): x != y ? x < y : a.id < b.id
        case (.some, nil): true
        case (nil, .some): false
        case (nil, nil): a.arrival != b.arrival ? a.arrival < b.arrival : a.id < b.id
        }
    }

    static func == (a: RowOrder, b: RowOrder) -> Bool { !(a < b) && !(b < a) }
}
