import AmplifyModels
import ListRows
import ModelFilters
import OptimisticStore
import SyncEngine
import ScreenValues

/// What reaches the browser: keys and the terminal's size (from the loop), each model's list
/// events (posted by its `RecordList` in the order they happen), and what an effect found.
public enum BrowserAction: Sendable {
    case keyPressed(Key)
    case resized(width: Int, height: Int)
    case list(model: String, RecordListEvent<ModelRecord>)
    /// A change was not made (the outbox could not keep it, the record is gone): why.
    case changeFailed(String)
    /// A message for the status line (an undo's outcome, `o`'s).
    case noticed(String)
    /// An undo went to this record (it may be a new one: an undone delete).
    case undid(String, model: String, key: RecordKey)
    case tick
    /// A large list's new sort or filter, computed off the loop (`BrowserEffect.recomputeRows`).
    case rowsRecomputed(model: String, RowViewResult)
}

/// What the browser asks the app to do; each goes to one model's list.
public enum BrowserEffect: Sendable, Equatable {
    case create(model: String, ModelRecord)
    case update(model: String, RecordKey, ModelRecordPatch)
    case delete(model: String, RecordKey)
    /// Marked rows: each deleted, or given the same fields, as a change of its own; one undo
    /// takes back all of them (`RecordList.delete(_:)`, `update(_:_:)` with many keys).
    case deleteMany(model: String, [RecordKey])
    case updateMany(model: String, [RecordKey], ModelRecordPatch)
    case undo(model: String)
    /// `o` after a conflict: the user's change again, over the other writer's.
    case reapplyMine(model: String, RecordKey)
    /// `x` after a conflict: the other writer's version stays.
    case dismissConflict(model: String, RecordKey)
    case refresh(model: String)
    /// `F` and `L`: the embedded server's share of refused mutations, and its latency.
    case setSimulatedFailureRate(Double)
    case setSimulatedLatency(Duration)
    /// A sort or filter of a large list, to run off the loop; its result comes back as
    /// `BrowserAction.rowsRecomputed`. The next one cancels it.
    case recomputeRows(model: String, RecordRowViewJob<ModelRowPolicy>)
    /// A filter asked of the server (a view): its pages stream into the list, its progress comes
    /// back as the list's `viewProgress`. The next one, or `stopServerView`, stops it.
    case askServer(model: String, FilterPlan, view: Int, filter: String)
    case stopServerView(model: String)
    /// `y`: the record's key, or the marked rows as NDJSON, to the terminal's clipboard (OSC 52), by the loop.
    case copyToClipboard(String)
    /// C-l: the whole screen painted again, by the loop.
    case redraw
    case quit
}
