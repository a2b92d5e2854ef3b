import PropertySync

/// A row as `RowStore` keeps it: the row, and its place in creation order. The id is the row's own.
struct RowEntry: Sendable {
    var row: PropertyRow
    /// The server's `createdAt`; nil: a row created here and not confirmed yet. Set when the
    /// server's time arrives (the row then moves to its place among the confirmed rows).
    var createdAt: CreationTime?
    /// Arrival sequence, used only between undated rows (pending creates: in the order made).
    let arrival: UInt64
}
