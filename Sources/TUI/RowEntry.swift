import PropertySync

/// A row as `RowStore` keeps it: the row, and the part of its place in the list that is
/// taken once, when it first appears (a confirmation that brings a server time later
/// does not move it). The id is the row's own.
struct RowEntry: Sendable {
    var row: PropertyRow
    /// The server's `createdAt` when the row appeared; nil: a local row not confirmed then.
    let createdAt: CreationTime?
    /// Arrival sequence, used only between undated rows.
    let arrival: UInt64
}
