import AmplifyModels
import ListRows
import ModelScreens
import OptimisticStore
import ScreenValues
import SyncEngine

/// Marked rows and what is done to them at once: Space and `*` mark, Esc clears; `d` deletes them
/// after one question, `e` sets fields on them, `y` copies them, and one `u` undoes such a change.
/// Each record's change is an operation of its own in the list's outbox (`RecordList+Batch`); the
/// status line counts them as they are answered (`BatchProgress`).
extension BrowserState {
    // MARK: - Marking

    /// Space: the selected row marked, or unmarked, and the selection one down (as file managers
    /// do, so that Space held marks a run of rows).
    mutating func mark() {
        guard let row = selectedRow, let index = selectedIndex else { return }
        if marks.remove(row.id) == nil { marks.insert(row.id) }
        select(index: index + 1)
    }

    /// `*`: every row the list shows (its filter's, all of them, not only those on screen). One
    /// pass over the shown positions: some milliseconds at 100,000 rows.
    mutating func markAll() {
        let shown = shownRows
        marks.reserveCapacity(marks.count + shown.count)
        for index in 0..<shown.count { marks.insert(shown.key(at: index)) }
        // Every row shown is marked now: the rest of the marks are those the filter hides.
        let hidden = marks.count - shown.count
        let also = hidden == 0 ? "" : " (\(NumberText.grouped(marks.count)) in all: \(NumberText.grouped(hidden)) the filter hides)"
        show("Marked \(NumberText.grouped(shown.count)) row\(shown.count == 1 ? "" : "s")\(also): d deletes, e edits, y copies; Esc clears.", .info)
    }

    /// Esc: the marks go first; answers whether there were any.
    mutating func clearMarks() -> Bool {
        guard !marks.isEmpty else { return false }
        let count = marks.count
        marks = []
        show("Cleared \(NumberText.grouped(count)) mark\(count == 1 ? "" : "s").", .info)
        return true
    }

    /// How many marked records the list does not show now: O(marks · log n), only when asked.
    private var markedNotShown: Int {
        let shown = shownRows
        return marks.reduce(0) { $0 + (shown.index(of: $1) == nil ? 1 : 0) }
    }

    /// The marked records still held, in the list's order (those the filter hides after them):
    /// what a change of them acts on, in the order they were listed.
    var markedRecords: [ModelRecord] {
        guard let held = rows[model] else { return [] }
        let shown = shownRows
        let placed = marks.compactMap { key in held.row(key).map { (position: shown.index(of: key) ?? Int.max, record: $0.record) } }
        return placed.sorted { $0.position < $1.position }.map(\.record)
    }

    /// The record a detail shows.
    var detailRecord: ModelRecord? {
        if case .detail(let shown) = screen { shown.record } else { nil }
    }

    /// The records gone from a list lose their marks (deleted here, or by a live sync).
    mutating func forgetMarks(of removed: Set<RecordKey>, in model: String) {
        guard model == self.model, !marks.isEmpty else { return }
        for key in removed { marks.remove(key) }
    }

    /// A whole new list: the marks of records it no longer has go.
    mutating func forgetMarksOfRecordsGone(in model: String) {
        guard model == self.model, !marks.isEmpty, let held = rows[model] else { return }
        marks = marks.filter { held.row($0) != nil }
    }

    // MARK: - Acting on the marks

    /// `d` with marks: one question, naming how many.
    mutating func askDeleteMarked() -> [BrowserEffect] {
        guard refuseIfReadOnly("delete") else { return [] }
        let records = markedRecords
        guard !records.isEmpty else {
            marks = []
            show("The marked records are gone; nothing to delete.", .info)
            return []
        }
        let hidden = markedNotShown
        var notes: [String] = []
        if hidden > 0 { notes.append("\(NumberText.grouped(hidden)) of them the filter hides now.") }
        switch dialects[model] {
        case let dialect? where dialect.hasVersions:
            notes.append(records[0].model.primaryKey.fields == ["id"]
                ? "This API keeps a deleted record's id: u would bring them back as new records."
                : "This API keeps a deleted record's key: it cannot be undone.")
        case .some:
            notes.append("u brings them all back, each under its own key.")
        case nil:
            break
        }
        overlay = .confirmDeleteMarked(count: records.count, hidden: hidden, notes: notes)
        return []
    }

    /// The question's answer: `y` deletes every marked record still there (one gone meanwhile is
    /// not deleted again), anything else keeps them all and their marks.
    mutating func deleteMarked(_ yes: Bool, asked count: Int) -> [BrowserEffect] {
        guard yes else {
            show("Kept the \(NumberText.grouped(count)) marked records.", .info)
            return []
        }
        let keys = markedRecords.map(\.id)
        marks = []
        guard !keys.isEmpty else {
            show("The marked records are gone; nothing was deleted.", .info)
            return []
        }
        let records = Self.records(keys.count)
        show(changeText(doing: "Deleting \(records)", done: "Deleted \(records)"), .info)
        return [.deleteMany(model: model, keys)]
    }

    /// `e` with marks: the form with every field to set, each empty (left empty: unchanged).
    mutating func startEditMarked() -> [BrowserEffect] {
        guard refuseIfReadOnly("edit"), let layout = layout(of: model) else { return [] }
        let count = markedRecords.count
        guard count > 0 else {
            marks = []
            show("The marked records are gone; nothing to edit.", .info)
            return []
        }
        var form = RecordForm(editingMany: layout, count: count)
        form.separateClusters = separateClusters
        form.parents = parentNames(of: layout.model)
        screen = .form(form)
        return []
    }

    /// The form's fields set on every marked record still there; the marks stay (`y` copies them
    /// as they are now, Esc clears them).
    mutating func submitMarked(_ patch: ModelRecordPatch) -> [BrowserEffect] {
        screen = .list
        guard !patch.changes.isEmpty else {
            show("Nothing changed: every field was left empty.", .info)
            return []
        }
        let keys = markedRecords.map(\.id)
        guard !keys.isEmpty else {
            show("The marked records are gone; nothing was changed.", .info)
            return []
        }
        let fields = patch.changes.keys.sorted().joined(separator: ", ")
        let records = Self.records(keys.count)
        show(changeText(doing: "Setting \(fields) on \(records)", done: "Set \(fields) on \(records)"), .info)
        return [.updateMany(model: model, keys, patch)]
    }

    /// `y` with marks: the marked records as NDJSON, a line each in its wire form (as the API's
    /// items are), to the terminal's clipboard.
    mutating func copyMarked() -> [BrowserEffect] {
        let records = markedRecords
        guard !records.isEmpty else { return [] }
        let versioned = dialects[model]?.hasVersions ?? false
        var text = ""
        for record in records {
            text += record.wireJSON(versioned: versioned) + "\n"
            guard text.utf8.count <= LoopCommand.largestClipboardText else {
                show("Not copied: \(Self.records(records.count)) are over the clipboard's \(LoopCommand.largestClipboardText / 1024) kB; "
                     + "proptui export \(model) writes them to a file.", .error)
                return []
            }
        }
        let size = text.utf8.count < 10_000 ? "\(text.utf8.count) bytes" : "\(NumberText.grouped(text.utf8.count / 1_000)) kB"
        let what = "\(Self.records(records.count)) as NDJSON (\(size))"
        show(insideTmux
                ? "Sent \(what) to the clipboard (OSC 52): tmux passes it on with set -g set-clipboard on."
                : "Sent \(what) to the terminal's clipboard (OSC 52; a terminal without it ignores it).",
             .info)
        return [.copyToClipboard(text)]
    }

    /// "1 record", "1,000 records".
    static func records(_ count: Int) -> String { count == 1 ? "1 record" : "\(NumberText.grouped(count)) records" }

    // MARK: - Counting a batch

    /// A list named a batch's records: counted from now on; an undo's batch silences the batch it
    /// undoes (what it left unanswered was taken back).
    mutating func batchStarted(_ batch: RecordBatch<RecordKey>, of model: String) {
        if batch.kind == .undo {
            for index in batches.indices where batches[index].model == model { batches[index].superseded = true }
        }
        batches.append(BatchProgress(model: model, batch: batch))
        showProgress(of: batches[batches.count - 1])
    }

    /// An answer for one of a batch's records: counted (no message of its own), the status line
    /// updated, and the batch's end said once every record is answered. A refusal is kept in `m`
    /// with its record's name, key and the server's reason. False: not a batch's.
    mutating func countInBatch(
        _ summary: RecordOperationSummary<ModelRecord>, of model: String, refusal: String? = nil
    ) -> Bool {
        guard let index = batches.firstIndex(where: {
            $0.model == model && $0.waiting.contains(summary.recordID) && $0.batch.counts(summary.kind)
        }) else { return false }
        _ = batches[index].count(summary.kind, of: summary.recordID, refused: refusal != nil)
        if let refusal {
            let text = RefusalText(
                summary.kind, record: summary.recordName, key: summary.recordID.text, newName: summary.newName, reverted: true,
                reason: refusal)
            keep((model == self.model ? "" : "\(model): ") + text.text)
        }
        let progress = batches[index]
        if progress.isFinished {
            batches.remove(at: index)
            if !progress.superseded { show(progress.endText, progress.refused == 0 ? .success : .error) }
        } else if !progress.superseded {
            showProgress(of: progress)
        }
        return true
    }

    /// The count on the status line, not in `m` (which would hold a line per answer): unless an
    /// error is on it that no key has seen yet.
    private mutating func showProgress(of progress: BatchProgress) {
        guard status?.level != .error else { return }
        var message = StatusMessage(progress.progressText, level: .info, now: actionTime)
        message.expiresAt = nil  // it stays while the batch runs
        status = message
    }

    /// A message for `m` only (a batch's refusal: the status line counts them).
    private mutating func keep(_ text: String) {
        var unshown: StatusMessage?
        StatusMessage.show(StatusMessage(text, level: .error, now: actionTime), history: &messageHistory, status: &unshown, limit: Self.messageHistoryLimit)
    }
}
