/// How much of a model's list a read of the whole list takes (a start, `R`, a catch-up without
/// a sync time): every page, or the first pages only, beyond which views ask the server for what
/// they need (issue 31; docs/models.md "Big tables"). A table of tens of millions of items is not
/// scanned whole on every start, costing reads and filling the disk, for one customer's orders.
public enum SyncPolicy: Sendable, Equatable, CustomStringConvertible {
    /// Every page, however many (`--sync all`).
    case all
    /// Only the first page of each model (`--sync views`).
    case views
    /// Every page up to this many rows, and views beyond (the default, `--sync-limit N`).
    case upTo(Int)

    /// The default: a whole list up to this many rows is read whole, as every list was before.
    public static let defaultLimit = 100_000
    public static let `default` = SyncPolicy.upTo(defaultLimit)

    /// The rows after which a read of the whole list stops (it ends with the page that reaches
    /// them); nil for none.
    public func rowLimit(pageSize: Int) -> Int? {
        switch self {
        case .all: nil
        case .views: max(1, pageSize)
        case .upTo(let limit): max(1, limit)
        }
    }

    public var description: String {
        switch self {
        case .all: "all"
        case .views: "views"
        case .upTo(let limit): "up to \(limit) rows"
        }
    }
}
