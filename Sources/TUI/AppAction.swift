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

    // MARK: From the list
    /// What the list reports, as it reports it (rows, the link, loading, answers): no relay type
    /// between the list and the screen (see `AppState+ListEvents.swift`).
    case list(ListEvent)

    // MARK: From the effects
    /// A sort or filter computed off the event loop (`Effect.recomputeRows`); ignored when a newer one was asked for.
    case rowsRecomputed(RowViewResult)
    /// A create asked for by this screen made its row, with this id: it gets selected.
    case created(id: PropertyID)
    /// An operation the screen asked for could not be done (the list refused it before sending).
    case operationFailed(OperationFailure)
    /// Something worth saying that is neither a success nor a failure ("Nothing to undo.").
    case noticed(String)
    /// `u` took back a change to this record ("Undid adding “Villa”: it is deleted.").
    case undid(String, recordID: PropertyID)
}
