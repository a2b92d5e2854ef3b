/// How much of a model's list a read of the whole list takes (a start, `R`, a catch-up without
/// a sync time): every page, or the first pages only, beyond which views ask the server for what
/// they need (issue 31; docs/models.md "Big tables"). A table of tens of millions of items is not
/// scanned whole on every start, costing reads and filling the disk, for one customer's orders.
public enum SyncPolicy: Sendable, Equatable {
    /// Every page, however many (`--sync all`).
    case all
    /// Only the first page of each model (`--sync views`).
    case views
    /// Every page up to this many rows, and views beyond (the default, `--sync-limit N`).
    case upTo(Int)

    /// The default: a whole list up to this many rows is read whole, as every list was before.
    public static let defaultLimit = 100_000
    public static let `default` = SyncPolicy.upTo(defaultLimit)

    /// The pages a read of the whole list takes at most; nil for every page. A limit of rows
    /// reads one page beyond it: a table of exactly that many rows (whose last page still carries
    /// a token) is then known to be whole, not taken for its first rows.
    public func pageLimit(pageSize: Int) -> Int? {
        let pageSize = max(1, pageSize)
        switch self {
        case .all: return nil
        case .views: return 1
        case .upTo(let limit): return (max(1, limit) + pageSize - 1) / pageSize + 1
        }
    }
}
