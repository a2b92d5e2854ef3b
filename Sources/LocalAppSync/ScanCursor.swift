/// Where the next scan page starts: after the row with this id (list and full sync, in id
/// order), or after this (change time, id) pair (delta sync, in change order).
struct ScanCursor: Sendable, Equatable {
    var id: String
    /// The last row's `lastChangedAt`, for a delta sync's change order; nil in id order.
    var changedAt: Int64?
}
