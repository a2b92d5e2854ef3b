import AmplifyModels
import OptimisticStore
import ScreenValues
import SyncEngine

/// A change made to many records at once (marked rows deleted or edited, or that undone), counted
/// as its operations are answered: the status line says how far it got (`340 of 1,000 deleted,
/// 660 under way`), and once every one is answered, how it ended. Its records' own messages
/// (a success each) are not shown; a refusal is kept in `m` with its record.
struct BatchProgress: Sendable {
    let model: String
    let batch: RecordBatch<RecordKey>
    /// The records whose operation has not been answered yet.
    private(set) var waiting: Set<RecordKey>
    private(set) var done = 0
    private(set) var refused = 0
    /// A later batch of the same model undid this one: its answers are still counted (so they say
    /// nothing of their own), but it no longer speaks.
    var superseded = false

    init(model: String, batch: RecordBatch<RecordKey>) {
        self.model = model
        self.batch = batch
        waiting = Set(batch.recordIDs)
    }

    var total: Int { batch.recordIDs.count }
    var isFinished: Bool { waiting.isEmpty }

    /// Counts an answer when it is one of this batch's (the record's operation, of the batch's kind).
    mutating func count(_ kind: OperationKind, of key: RecordKey, refused wasRefused: Bool) -> Bool {
        guard batch.counts(kind), waiting.remove(key) != nil else { return false }
        if wasRefused { refused += 1 } else { done += 1 }
        return true
    }

    /// What has happened to each record once its answer came: "deleted".
    private var participle: String {
        switch batch.kind {
        case .delete: "deleted"
        case .undo where batch.undoing == .delete: "back"
        case .undo: "undone"
        default: "changed"
        }
    }

    private var verb: String {
        switch batch.kind {
        case .delete: "Deleted"
        case .undo where batch.undoing == .delete: "Brought back"
        case .undo: "Undid the change of"
        default: "Changed"
        }
    }

    private var refusals: String { refused == 0 ? "" : "\(NumberText.grouped(refused)) refused (m lists them)" }

    /// While it runs: "340 of 1,000 deleted, 660 under way", and how many were refused.
    var progressText: String {
        let under = total - done - refused
        return "\(NumberText.grouped(done)) of \(NumberText.grouped(total)) \(participle), \(NumberText.grouped(under)) under way"
            + (refused == 0 ? "" : ", " + refusals)
    }

    /// Once every record is answered: "Deleted 1,000 records.", or how many were refused. An
    /// undo made partly before the changes were sent counts only what the server undid, and says
    /// so, after the undo's own message counted every record.
    var endText: String {
        let records = total == 1 ? "record" : "records"
        let held = batch.heldAlready == 0 ? "" : " (\(NumberText.grouped(batch.heldAlready)) more held these values already)"
        let onTheServer = batch.notSent == 0
            ? "" : " on the server (the other \(NumberText.grouped(batch.notSent)) had not been sent)"
        return refused == 0
            ? "\(verb) \(NumberText.grouped(total)) \(records)\(onTheServer)\(held)."
            : "\(verb) \(NumberText.grouped(done)) of \(NumberText.grouped(total)) \(records)\(onTheServer)\(held); " + refusals + "."
    }
}
