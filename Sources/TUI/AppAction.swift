import PropertySync
import ScreenValues

/// Everything that reaches the app: input from the terminal, and data and
/// results from the store. Intents are verbs, results past tense. A key becomes a
/// `KeyCommand` through the keymap, for whichever screen or overlay has the keys.
public enum AppAction: Sendable, Equatable {
    // MARK: From the terminal
    case keyPressed(Key)
    /// The terminal's size, in columns and lines. Sent once at start and on every resize.
    case resized(width: Int, height: Int)
    /// Time passed: lets info messages fade. The terminal sends it at `AppState.nextDeadline`.
    case tick

    // MARK: From the store
    /// Rows appeared, changed or disappeared (see `RowUpdate.init(diff:lookup:)`).
    case rowsChanged(RowUpdate)
    /// Every row at once: the first load, or a reset. Rows that stay keep their place.
    case rowsReplaced([PropertyRow])
    /// A sort or filter computed off the event loop (`Effect.recomputeRows`); ignored when a newer one was asked for.
    case rowsRecomputed(RowViewResult)
    case connectionChanged(Connectivity)
    /// Whether the rows come from the server, the cache, or nothing yet (the empty list's words).
    case loadStateChanged(LoadState)
    /// A create asked for by this screen made its row, with this id: it gets selected.
    case created(id: String)
    /// The number of local changes the server has not confirmed yet.
    case pendingCountChanged(Int)
    /// Whether anything is being fetched (the header's busy indicator).
    case busyChanged(Bool)
    /// How far a full read of the list has got (nil: it ended); the header shows it.
    case loadProgressChanged(LoadProgress?)
    /// The server accepted an operation. `record` is the record's name, if it has one.
    case operationFinished(OperationKind, record: String?)
    /// An operation was refused or could not be done.
    case operationFailed(OperationFailure)
    /// Something worth saying that is neither a success nor a failure ("Nothing to undo.").
    case noticed(String)
    /// `u` took back a change to this record ("Undid adding “Villa”: it is deleted.").
    case undid(String, recordID: String)
}
