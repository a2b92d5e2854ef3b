import OptimisticStore

/// What a row store (`RecordRowStore`) asks of the records it orders: where a record sits in
/// creation order, what it sorts by under each of the screen's sorts, and whether a filter
/// keeps it. A policy rather than a conformance of the record, so that the screen says it for its
/// records (`ModelRowPolicy`: any model's, by its layout) and a test for a record of its own.
public protocol RowPolicy: Sendable {
    associatedtype Record: SyncedRecord where Record.ID: Comparable
    /// The screen's sorts; `creationOrder` is the one with no sort key.
    associatedtype Sort: Hashable & Sendable
    associatedtype Filter: RowFilter

    static var creationOrder: Sort { get }
    /// The server's `createdAt`; nil for a record it has not confirmed yet.
    static func creationTime(of record: Record) -> CreationTime?
    /// The first 8 bytes of an id as one big-endian number when they are ASCII (`IDPrefix`).
    static func asciiPrefix(of id: Record.ID) -> UInt64?
    /// What a record sorts by first under `sort`; nil in creation order.
    static func sortKey(of record: Record, _ sort: Sort) -> String?
    static func matches(_ record: Record, _ filter: Filter) -> Bool
}

/// A filter of a row store's list, as the store compares filters: whether one is set, and whether
/// a new one only keeps rows the last one kept (typing on), so that only those are scanned.
public protocol RowFilter: Equatable, Sendable {
    /// No filter: every row is shown.
    static var none: Self { get }
    var isEmpty: Bool { get }
    /// Whether every row this filter keeps is kept by `broader` too.
    func narrows(_ broader: Self) -> Bool
}
