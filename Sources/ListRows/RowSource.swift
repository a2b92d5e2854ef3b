import OptimisticStore
import SyncEngine

/// What the list view reads rows through. The view asks only for the indices
/// it draws, so its cost depends on the screen height, never on the list
/// length; tests count the look-ups through a fake to prove it.
public protocol RowSource<Record> {
    associatedtype Record: SyncedRecord
    /// The number of rows shown (after the filter).
    var count: Int { get }
    /// The row at a position in display order; `index` is in `0..<count`.
    func row(at index: Int) -> RecordRow<Record>
}
