import AmplifyModels
import ModelScreens
import OptimisticStore
import SyncEngine
import ScreenValues

extension BrowserState {
    /// Applies one action at time `now` (the loop's clock) and returns what the app must do.
    public mutating func reduce(_ action: BrowserAction, now: ContinuousClock.Instant) -> [BrowserEffect] {
        actionTime = now
        var effects = apply(action, now: now)
        // The list shown follows the relation and the filter the action left; a large list's new
        // sort or filter is computed off the loop.
        syncRowFilter()
        effects += stopLeftView() + askServerForFollowed()
        if let job = rows[model]?.takeJob() { effects.append(.recomputeRows(model: model, job)) }
        holdSelectionByKey()
        // The list scrolls only when the selection would leave the screen: `k` on the middle
        // row of a page moves the selection, not the rows.
        scrollTop = listScrollTop
        return effects
    }

    private mutating func apply(_ action: BrowserAction, now: ContinuousClock.Instant) -> [BrowserEffect] {
        switch action {
        case .keyPressed(let key):
            // Nothing a key would act on can be seen (a `d` then `y` would delete unseen): ignore it.
            return isTooSmall ? [] : press(key)
        case .resized(let width, let height):
            self.width = width
            self.height = height
            return []
        case .list(let model, let event):
            receive(event, of: model)
            return []
        case .changeFailed(let message):
            show(message, .error)
            return []
        case .noticed(let message):
            show(message, .info)
            return []
        case .undid(let message, let model, let key):
            // Undoing the add of the record on screen removed it: the user's own doing, not "gone
            // elsewhere"; the list is where the rest of their work is, as the sample's goes back.
            if model == self.model, case .detail(let shown) = screen, shown.record.id == key, rows[model]?.row(key) == nil {
                screen = .list
            }
            // An undo whose changes are still on their way to the server is under way, not done:
            // its batch says when it is (`BatchProgress.endText`).
            let underWay = batches.contains { $0.model == model && $0.batch.kind == .undo && !$0.isFinished }
            show(message, underWay ? .info : .success)
            if model == self.model {
                selectedKey = key
                selectionIsUntouched = false
            }
            return []
        case .tick:
            if let expiry = status?.expiresAt, expiry <= now { status = nil }
            return []
        case .rowsRecomputed(let model, let result):
            rows[model]?.adopt(result)
            // The sort announced as under way has landed; unless something else was said since.
            if model == self.model, rows[model]?.isRecomputing == false, status?.text == sortingText {
                show("Sorted \(sortName).", .info)
            }
            return []
        }
    }

    // MARK: - The lists' events

    mutating func receive(_ event: RecordListEvent<ModelRecord>, of model: String) {
        switch event {
        case .rowsChanged(let update):
            rows[model, default: ModelRows()].apply(update)
            forgetSettledConflicts(update, of: model)
            forgetMarks(of: update.removed, in: model)
            // The selected record went: its neighbour, the row now at its place, is selected.
            if model == self.model, let selectedKey, update.removed.contains(selectedKey) { select(index: selectedIndexHint) }
            if model == self.model { refreshDetail() }
            if model == self.model, case .renaming(var edit, let detail) = screen {
                // Said while the user types: their change is seen before ⏎ could save over it.
                if let message = edit.notice(rows[model]?.row(edit.key)?.record) { show(message, .info) }
                screen = .renaming(edit, detail: detail)
            }
            if model == self.model, case .form(let form) = screen, let original = form.original, update.removed.contains(original.id) {
                // Said while the user types, not only when they save.
                show("“\(original.displayName)” was \(original.goneCause): C-s adds it again with what you typed.", .info)
            }
        case .loaded(let all):
            rows[model, default: ModelRows()].replaceAll(all)
            forgetMarksOfRecordsGone(in: model)
            if model == self.model, let selectedKey, rows[model]?.row(selectedKey) == nil { select(index: selectedIndexHint) }
        case .loadStateChanged(let state):
            loadStates[model] = state
        case .succeeded(let summary):
            // A batch's answers are counted, not said one by one.
            if countInBatch(summary, of: model) { return }
            // Others' models' successes are not news on this screen; their failures are.
            guard model == self.model else { return }
            show(OperationWords.of(summary.kind).success("“\(summary.recordName)”"), .success)
        case .reverted(let summary, let message, let conflict):
            if countInBatch(summary, of: model, refusal: message) {
                // Kept in `m` and counted; a conflict's row is marked ⚡ as any other.
                if conflict { conflictYours[model, default: [:]][summary.recordID] = OperationWords.of(summary.kind).yours(summary.newName) }
                return
            }
            if model == self.model { refused = conflict ? nil : Refusal(key: summary.recordID, reason: message) }
            if conflict { conflictYours[model, default: [:]][summary.recordID] = OperationWords.of(summary.kind).yours(summary.newName) }
            // A refused delete brings its row back: selected again, so the next key acts on it.
            if model == self.model, summary.kind == .delete {
                selectedKey = summary.recordID
                selectionIsUntouched = false
            }
            show(RefusalText(
                summary.kind, record: summary.recordName, newName: summary.newName, reverted: true,
                takenBackWith: summary.takenBackWith, reason: message), ofModel: model)
            if summary.kind == .create, !conflict, let refused = summary.lastShown, model == self.model, !messageHistory.isEmpty {
                // Nothing typed is lost: `n` (or `n` in the messages) puts it back into the form.
                retryableCreate = refused
                messageHistory[messageHistory.count - 1].retryableCreate = refused
            }
        case .loadFailed(let message):
            // In the sample's words; a failure to reach the server, it gives way to "Back online"
            // once requests get through again.
            if model == self.model {
                if let link = connectivity[model], case .offline = link,
                   let notice = ConnectionNotice.text(from: .online, to: link, revertsOffline: revertsOffline) {
                    // The server cannot be reached: said as the link's notice (why, and what
                    // happens to changes), not as a refresh's error.
                    show(notice, .info)
                    status?.aboutConnection = true
                    return
                }
                show(RefusalText(.refresh, record: nil, reverted: false, reason: message), ofModel: model)
                if status?.level == .error { status?.aboutConnection = true }
            }
        case .refreshed:
            if model == self.model { show("Refreshed", .success) }
        case .connectivityChanged(let now):
            let old = connectivity[model] ?? .connecting
            connectivity[model] = now
            if model == self.model { connectionChanged(from: old, to: now) }
        case .pendingCountChanged(let count):
            pendingCounts[model] = count
            // The quit question counts what waits as it is now, not as it was when asked.
            if case .confirmQuit? = overlay { overlay = .confirmQuit(pending: totalPending) }
        case .dialectKnown(let dialect):
            dialects[model] = dialect
        case .busyChanged(let busy):
            if busy { busyModels.insert(model) } else { busyModels.remove(model) }
        case .loadProgress(let progress):
            loadProgress[model] = progress
        case .viewProgress(let progress):
            viewProgressed(progress, of: model)
        case .viewsRead(let views):
            viewsRead[model] = views
        case .batchStarted(let batch):
            batchStarted(batch, of: model)
        }
    }

    /// The selection is a row's key whenever rows are shown, so rows arriving above it do not
    /// move it to another record (but during a first load nobody has touched, the top row stays
    /// selected). A key not shown (a create on its way, a row the filter hides) is kept: the row
    /// at its place is selected meanwhile, and it is selected again once shown.
    mutating func holdSelectionByKey() {
        let shown = shownRows
        guard shown.count > 0 else { return }
        guard let selectedKey else { return select(index: selectedIndexHint) }
        // During a first load, before any key, the top row stays selected: a later page's records
        // that sort above it are the list's beginning arriving, not rows to step over. Once a key
        // has selected a record (`n` selects the one it creates), the selection is the user's and
        // must stay on it, or the next `d` would delete another record.
        if selectionIsUntouched, loadStates[model] == .loading, shown.key(at: 0) != selectedKey { return select(index: 0) }
        if let index = position(of: selectedKey, in: shown) { selectedIndexHint = index }
    }

    /// A conflict settled (by `o`, `x` or a new edit: the row is no longer marked ⚡) or a row gone:
    /// its change of yours is forgotten.
    mutating func forgetSettledConflicts(_ update: RecordRowUpdate<ModelRecord>, of model: String) {
        guard var yours = conflictYours[model], !yours.isEmpty else { return }
        for key in update.removed { yours[key] = nil }
        for row in update.upserted where yours[row.id] != nil {
            if case .conflict = row.status { continue }
            yours[row.id] = nil
        }
        conflictYours[model] = yours
    }

    /// A detail on screen shows the record as it is now (a change confirmed, made elsewhere,
    /// or taken back), where it was scrolled to.
    mutating func refreshDetail() {
        guard case .detail(let shown) = screen, let row = rows[model]?.row(shown.record.id), row.record != shown.record else { return }
        var detail = detail(of: row.record)
        detail.scroll = shown.scroll
        screen = .detail(detail)
    }
}

extension BrowserState {
    /// What the delete question says besides the name: the held records of any model that point
    /// at `record` ("5 Volume": its children, orphaned unless an undo brings it back under its
    /// key), and what `u` can do after, by the API's dialect.
    func deleteNotes(_ record: ModelRecord) -> [String] {
        let children: [(model: String, count: Int)] = Relations.targets(of: record, in: schema).compactMap { target in
            guard target.direction == .children, target.canFollow, let held = rows[target.model] else { return nil }
            let count = held.allRows.reduce(0) { $0 + (target.filter.matches($1.record) ? 1 : 0) }
            return count == 0 ? nil : (target.model, count)
        }
        return DeleteConfirmation.notes(
            children: children, dialect: dialects[model], keyIsGenerated: record.model.primaryKey.fields == ["id"],
            notReadWhole: record.fieldsNotReadWhole)
    }

    /// For each field of `model` that holds a parent's whole key (a `belongsTo` through one
    /// field): the parent's records held here, named, so the form can say what a typed id points at.
    func parentNames(of model: AmplifyModel) -> [String: RecordForm.ParentNames] {
        var parents: [String: RecordForm.ParentNames] = [:]
        for field in model.fields {
            guard let association = field.association, association.holdsParentKey,
                  let parent = schema.model(named: association.relatedModel) else { continue }
            let pairs = association.parentKeyFields(of: parent)
            guard pairs.count == 1, let pair = pairs.first else { continue }
            var names: [ModelValue: String] = [:]
            for row in rows[parent.name]?.allRows ?? [] where !row.record.isDeleted {
                if let key = row.record[pair.keyField] { names[key] = row.record.displayName }
            }
            parents[pair.heldIn] = RecordForm.ParentNames(model: parent.name, names: names)
        }
        return parents
    }
}
