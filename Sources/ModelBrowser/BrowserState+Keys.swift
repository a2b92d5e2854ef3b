import AmplifyModels
import ListRows
import ModelScreens
import OptimisticStore
import SyncEngine
import ScreenValues

/// What each key does, screen by screen. A paste or an Alt key never runs a command: only a
/// field (the form, the filter, the picker's filter) takes a paste, as text.
extension BrowserState {
    /// Who has the keys now.
    var keyContext: BrowserKeyContext {
        switch overlay {
        case .help?: return .help
        case .messages?: return .messages
        case .follow?: return .follow
        case .confirmDelete?, .confirmDeleteMarked?: return .confirmDelete
        case .confirmQuit?: return .confirmQuit
        case .confirmDiscard?: return .confirmDiscard
        case nil: break
        }
        switch screen {
        case .picker: return .picker
        case .form: return .form
        case .filtering: return .filter
        case .renaming: return .rename
        case .detail: return .detail
        case .list: return .list
        }
    }

    /// What the keymap binds the key to where the keys are, else what that place does with
    /// other keys: the picker, the form and the filter take them, a screen says the key does
    /// nothing there.
    mutating func press(_ key: Key) -> [BrowserEffect] {
        // Offered on the key right after the refusal only (`n` then opens the form with it).
        defer { retryableCreate = nil }
        // A key may select a record (a create, a move): the first load no longer holds the top row.
        selectionIsUntouched = false
        let context = keyContext
        let command = BrowserKeymap.table.command(for: key, in: context)
        // The key that opens the refused row's detail keeps the refusal there, as the row's mark.
        if command == .openDetail, let refused, selectedRow?.id == refused.key { detailRefusal = refused }
        refused = nil
        filterRefusal = nil
        // An error stays until the next key: that key has seen it.
        if status?.level == .error { status = nil }
        if let command { return perform(command, in: context) }
        switch context {
        case .picker:
            pickerKey(key)
        case .form:
            guard case .form(var form) = screen else { return [] }
            let outcome = form.handle(key)
            screen = .form(form)
            return submit(outcome, of: form)
        case .filter:
            guard case .filtering(let line) = screen else { return [] }
            return typeFilter(key, line)
        case .rename:
            return renameKey(key)
        case .list, .detail:
            switch key {
            case .paste:
                // A paste is text, never keys: here there is no field for it.
                show("Nothing was pasted: paste into a field (n new, r rename, e edit, / filter).", .info)
            case .character(" "): break
            case .character, .alt, .control, .function:
                // Said, so that a key typed into the wrong screen (or an Esc and a key that arrived
                // together, read as Alt) is not silently lost. An Alt key never runs a command.
                show("\(key.label) does nothing here; ? shows the keys.", .info)
            default: break
            }
        case .help, .messages, .follow, .confirmDelete, .confirmQuit, .confirmDiscard:
            break
        }
        return []
    }

    private mutating func pickerKey(_ key: Key) {
        guard case .picker(var picker) = screen else { return }
        switch picker.handle(key, pageHeight: max(1, height - 6)) {
        case .chosen(let chosen):
            open(chosen.name, filter: nil)
        case .cancelled:
            guard pickerHasListBehind else {
                // Nothing behind the first picker: it stays (not the first model's list, unasked).
                screen = .picker(picker)
                show("Choose a model with ⏎, or quit with C-c.", .info)
                return
            }
            screen = .list
        case .choosing:
            screen = .picker(picker)
            if let message = picker.message { show(message, .error) }
        }
    }

    /// Each command, handled once for every screen and overlay.
    private mutating func perform(_ command: BrowserCommand, in context: BrowserKeyContext) -> [BrowserEffect] {
        switch command {
        case .down, .up, .top, .bottom, .pageDown, .pageUp, .halfPageDown, .halfPageUp:
            move(command, in: context)
        case .openDetail:
            if let row = selectedRow {
                if detailRefusal?.key != row.id { detailRefusal = nil }
                screen = .detail(detail(of: row.record))
            }
        case .back:
            goBack(fromDetail: context == .detail)
        case .close:
            overlay = nil
        case .confirm, .decline:
            return answer(command == .confirm)
        case .create:
            if let retry = retryableCreate, retry.model.name == model { return offerAgain(retry) }
            return startCreate()
        case .createAgain:
            guard case .messages(let scroll) = overlay else { return [] }
            let index = messageHistory.count - 1 - scroll
            guard messageHistory.indices.contains(index), let retry = messageHistory[index].retryableCreate else { return [] }
            overlay = nil
            if retry.model.name != model { open(retry.model.name, filter: nil) }
            return offerAgain(retry)
        case .edit:
            if context == .list, !marks.isEmpty { return startEditMarked() }
            return startEdit()
        case .rename:
            startRename(fromDetail: context == .detail)
        case .delete:
            if context == .list, !marks.isEmpty { return askDeleteMarked() }
            guard let row = rowToChange(), refuseIfReadOnly("delete") else { return [] }
            overlay = .confirmDelete(row.id, name: row.record.displayName, notes: deleteNotes(row.record))
        case .undo:
            guard refuseIfReadOnly("undo") else { return [] }
            show("Undoing the last change…", .info)
            return [.undo(model: model)]
        case .reapplyMine:
            guard let row = rowToChange(), case .conflict = row.status else {
                show("Nothing to apply again: this row has no conflict.", .info)
                return []
            }
            return [.reapplyMine(model: model, row.id)]
        case .keepTheirs:
            guard let row = rowToChange(), case .conflict = row.status else { return [] }
            return [.dismissConflict(model: model, row.id)]
        case .copyKey:
            if context == .list {
                guard marks.isEmpty else { return copyMarked() }
                show("y does nothing here without marks: Space marks a row, * every row; in a detail, y copies the key.", .info)
                return []
            }
            guard let record = detailRecord else { return [] }
            let key = record.id.text
            // Whether the terminal copies, no terminal says: the message says what was asked.
            show(insideTmux
                    ? "Sent the key \(key) to the clipboard (OSC 52): tmux passes it on with set -g set-clipboard on."
                    : "Sent the key \(key) to the terminal's clipboard (OSC 52; a terminal without it ignores it).",
                 .info)
            return [.copyToClipboard(key)]
        case .mark:
            mark()
        case .markAll:
            markAll()
        case .clearMarks:
            if !clearMarks() { goBack(fromDetail: false) }
        case .follow:
            followRelation()
        case .models:
            pickerHasListBehind = true
            screen = .picker(ModelPicker(schema: schema, readOnlyReasons: access.compactMapValues(\.readOnlyReason), selecting: model))
        case .filter:
            screen = .filtering(FilterLine(textFilter))
        case .sort:
            if let current = rows[model]?.sort, let shown = currentModel {
                let sorts = ModelRows.sorts(of: shown)
                rows[model]?.sort = sorts[((sorts.firstIndex(of: current) ?? 0) + 1) % sorts.count]
            }
            // A large list sorts off the loop: the rows shown keep the old order until then.
            show(rows[model]?.isRecomputing == true ? sortingText : "Sorted \(sortName).", .info)
        case .refresh:
            show("Refreshing \(model)…", .info)
            return [.refresh(model: model)]
        case .redraw:
            return [.redraw]
        case .cycleFailureRate, .cycleLatency:
            guard var simulation else {
                show(Simulation.unavailable, .error)
                return []
            }
            show(command == .cycleFailureRate ? simulation.cycleFailureRate() : simulation.cycleLatency(), .info)
            self.simulation = simulation
            return [command == .cycleFailureRate ? .setSimulatedFailureRate(simulation.failureRate) : .setSimulatedLatency(simulation.latency)]
        case .help:
            overlay = .help(scroll: 0)
        case .messages:
            overlay = .messages(scroll: 0)
        case .quit:
            if totalPending > 0 {
                overlay = .confirmQuit(pending: totalPending)
                return []
            }
            return [.quit]
        }
        return []
    }

    /// A move: the selection in the list, the lines of a detail, the help or the messages, the
    /// choice of a relation.
    private mutating func move(_ command: BrowserCommand, in context: BrowserKeyContext) {
        switch context {
        case .detail:
            guard case .detail(var detail) = screen else { return }
            let equivalent: Key = switch command {
            case .down: .down
            case .up: .up
            case .pageDown: .pageDown
            case .pageUp: .pageUp
            case .top: .home
            default: .end
            }
            _ = detail.handle(equivalent, region: detailRegion(detail))
            screen = .detail(detail)
        case .help, .messages:
            scrollOverlay(command)
        case .follow:
            guard case .follow(let targets, let selected) = overlay else { return }
            let next = command == .down ? selected + 1 : command == .up ? selected - 1 : selected
            overlay = .follow(targets, selected: min(max(0, next), targets.count - 1))
        default:
            let count = shownRows.count
            let current = selectedIndex ?? 0
            let page = max(1, bodyRegion.height - 2)
            let target = switch command {
            case .down: current + 1
            case .up: current - 1
            case .top: 0
            case .bottom: count - 1
            case .pageDown: current + page
            case .pageUp: current - page
            case .halfPageDown: current + max(1, page / 2)
            default: current - max(1, page / 2)
            }
            select(index: target)
        }
    }

    /// Scrolls the help (by lines, as drawn at this width) or the messages (by message).
    private mutating func scrollOverlay(_ command: BrowserCommand) {
        switch overlay {
        case .help(let scroll):
            let page = max(1, HelpView.visibleLines(height: height) - 1)
            let last = max(0, HelpView.shownLines(BrowserKeymap.helpLines(simulationAvailable: simulation != nil), screenWidth: width).count - HelpView.visibleLines(height: height))
            overlay = .help(scroll: min(max(0, Self.scrolled(scroll, command, page: page, last: last)), last))
        case .messages(let scroll):
            let last = max(0, messageHistory.count - 1)
            overlay = .messages(scroll: min(max(0, Self.scrolled(scroll, command, page: 5, last: last)), last))
        default:
            break
        }
    }

    private static func scrolled(_ scroll: Int, _ command: BrowserCommand, page: Int, last: Int) -> Int {
        switch command {
        case .down: scroll + 1
        case .up: scroll - 1
        case .top: 0
        case .bottom: last
        case .pageDown, .halfPageDown: scroll + page
        default: scroll - page
        }
    }

    /// A question's answer (`y`, or any other key for no).
    private mutating func answer(_ yes: Bool) -> [BrowserEffect] {
        guard let overlay else { return [] }
        self.overlay = nil
        switch overlay {
        case .confirmDelete(let recordKey, let name, let notes):
            guard yes else {
                show("Kept “\(name)”.", .info)
                return []
            }
            switch DeleteConfirmation(asked: name, nowNamed: rows[model]?.row(recordKey)?.record.displayName) {
            case .gone(let message):
                show(message, .info)
                return []
            case .askAgain(let newName, let message):
                self.overlay = .confirmDelete(recordKey, name: newName, notes: notes)
                show(message, .info)
                return []
            case .delete:
                break
            }
            if case .detail = screen { screen = .list }
            show(changeText(doing: "Deleting “\(name)”", done: "Deleted “\(name)”"), .info)
            return [.delete(model: model, recordKey)]
        case .confirmDeleteMarked(let count, _, _):
            return deleteMarked(yes, asked: count)
        case .confirmQuit:
            return yes ? [.quit] : []
        case .confirmDiscard:
            if yes {
                screen = .list
                show("Discarded what you typed.", .info)
            }
            return []
        case .follow(let targets, let selected):
            if yes { follow(targets[selected]) }
            return []
        case .help, .messages:
            return []
        }
    }

    private mutating func goBack(fromDetail: Bool) {
        if fromDetail {
            screen = .list
            detailRefusal = nil
            return
        }
        if !textFilter.isEmpty {
            textFilter = ""
            return
        }
        guard let place = backStack.pop() else { return }
        marks = []
        model = place.model
        relationFilter = place.filter
        textFilter = place.textFilter
        selectedKey = place.selectedKey
        selectedIndexHint = place.selectedRow
        syncRowFilter()  // the rows shown there, before the selection is looked for in them
        if place.showedDetail, let row = selectedRow {
            screen = .detail(detail(of: row.record))
        } else {
            screen = .list
        }
    }

    /// Opens a model's list (from the picker: a fresh start, the back-stack cleared).
    mutating func open(_ name: String, filter: RecordFilter?) {
        backStack = BackStack()
        marks = []
        model = name
        relationFilter = filter
        textFilter = ""
        selectedKey = nil
        selectedIndexHint = 0
        selectionIsUntouched = true
        scrollTop = 0
        screen = .list
        // What the status line said was of the model left ("Sorted by name."), not of this one.
        status = nil
        if let reason = access[name]?.readOnlyReason { show("\(name) is read-only: \(reason).", .info) }
    }

    // MARK: - Relations

    private mutating func followRelation() {
        guard let row = selectedRow else { return }
        let targets = Relations.targets(of: row.record, in: schema)
        switch targets.count {
        case 0: show("\(model) has no relation to follow.", .info)
        case 1: follow(targets[0])
        default: overlay = .follow(targets, selected: 0)
        }
    }

    mutating func follow(_ target: RelationTarget) {
        guard target.canFollow else {
            show("Nothing to follow: \(target.destination).", .info)
            return
        }
        let showedDetail: Bool = if case .detail = screen { true } else { false }
        // The record followed from: the selection as shown, moved or not (`selectedKey` is nil
        // until the selection moves).
        let origin = selectedRow
        backStack.push(BackStack.Place(
            model: model, filter: relationFilter, selectedRow: selectedIndex ?? 0, selectedKey: selectedKey, showedDetail: showedDetail,
            textFilter: textFilter))
        model = target.model
        marks = []
        textFilter = ""
        scrollTop = 0
        followedRelation = target.filter
        switch target.direction {
        case .parent:
            relationFilter = nil
            selectedKey = target.parentKey(in: schema)
            if let key = selectedKey, let parent = rows[model]?.row(key) {
                screen = .detail(detail(of: parent.record))
            } else {
                screen = .list
                show(filterAsksTheServer
                    ? "\(target.destination) is not in the list: asking the server for it…"
                    : "\(target.destination) is not in the list (deleted, or not loaded yet).", .info)
            }
        case .children:
            relationFilter = target.filter
            if let from = origin {
                filterTitles[target.filter] = "\(target.model) of \(from.record.model.name) “\(from.record.displayName)”"
            }
            selectedKey = nil
            selectedIndexHint = 0
            screen = .list
        }
    }

    // MARK: - Changes

    /// Whether the model may be changed; when not, the status line says why.
    mutating func refuseIfReadOnly(_ what: String) -> Bool {
        guard let reason = currentAccess.readOnlyReason else { return true }
        show("Cannot \(what): \(model) is read-only (\(reason)).", .error)
        return false
    }

    private mutating func startCreate() -> [BrowserEffect] {
        guard refuseIfReadOnly("add"), let layout = layout(of: model) else { return [] }
        screen = .form(prepared(RecordForm(creating: layout, values: relationFilter?.values ?? [:])))
        return []
    }

    /// A refused create in the form again, with every value it held when it was last shown (a
    /// change made to it before the refusal came included); a model keyed by `id` gets a new one.
    private mutating func offerAgain(_ refused: ModelRecord) -> [BrowserEffect] {
        guard refuseIfReadOnly("add") else { return [] }
        var form = prepared(RecordForm(addingAnew: refused))
        form.offerFocusedText()
        screen = .form(form)
        show("“\(refused.displayName)” as it was refused: fix it, then C-s adds it; Esc drops it.", .info)
        return []
    }

    private mutating func startEdit() -> [BrowserEffect] {
        guard let row = rowToChange() else { return [] }
        guard refuseIfReadOnly("edit") else { return [] }
        screen = .form(prepared(RecordForm(editing: row.record)))
        return []
    }

    /// The record a key changes: in a detail, the record shown (never the list's selection, which
    /// may have moved on to another); in the list, the selected row. A detail whose record went
    /// from the list says so, and nothing is changed.
    private mutating func rowToChange() -> RecordRow<ModelRecord>? {
        guard case .detail(let shown) = screen else { return selectedRow }
        if let row = rows[model]?.row(shown.record.id) { return row }
        show("“\(shown.record.displayName)” is gone (\(shown.record.goneCause)): nothing was changed.", .info)
        return nil
    }

    /// A form as this terminal draws emoji, with the parents its key fields can point at.
    private func prepared(_ form: RecordForm) -> RecordForm {
        var form = form
        form.separateClusters = separateClusters
        form.parents = parentNames(of: form.layout.model)
        return form
    }

    /// `r`: the selected record's display field, typed over where it is shown.
    private mutating func startRename(fromDetail: Bool) {
        guard let row = rowToChange(), refuseIfReadOnly("rename") else { return }
        let field = row.record.model.displayField
        guard let edit = InPlaceEdit(record: row.record, named: row.record.displayName, field: field, schema: schema) else {
            show("\(model)'s \(field) cannot be typed in place: e edits the record in the form.", .info)
            return
        }
        var detail: RecordDetail?
        if fromDetail, case .detail(let shown) = screen { detail = shown }
        screen = .renaming(edit, detail: detail)
    }

    /// A key in the field renamed in place: ⏎ sends the checked value, Esc goes back unchanged.
    private mutating func renameKey(_ key: Key) -> [BrowserEffect] {
        guard case .renaming(var edit, let detail) = screen else { return [] }
        let outcome = edit.handle(key)
        screen = .renaming(edit, detail: detail)
        let back: Screen = detail.map { .detail($0) } ?? .list
        switch outcome {
        case .editing:
            return []
        case .refused(let message):
            show(message, .error)
            return []
        case .cancelled:
            screen = back
            return []
        case .unchanged:
            screen = back
            show("Nothing changed.", .info)
            return []
        case .submitted(let value):
            let patch = ModelRecordPatch([edit.field.name: value])
            guard !edit.isGone else {
                // Deleted elsewhere while typed: ⏎ adds it anew with what was typed and every other
                // value as it was shown, as the sample's does. One that cannot be made so (a value
                // the model no longer takes) opens in the form, nothing typed lost.
                var form = prepared(RecordForm(addingAnew: edit.record.applying(patch)))
                let outcome = form.handle(.control("s"))
                if case .submitted = outcome { return submit(outcome, of: form) }
                screen = .form(form)
                show("“\(edit.record.displayName)” was \(edit.goneCause): C-s adds it again with what you typed, Esc discards it.", .info)
                return []
            }
            screen = back
            let old = rows[model]?.row(edit.key)?.record.displayName ?? edit.record.displayName
            show(changeText(doing: "Renaming “\(old)” to “\(edit.text)”", done: "Renamed “\(old)” to “\(edit.text)”")
                + leavesTheFilter(edit.record.applying(patch)), .info)
            return [.update(model: model, edit.key, patch)]
        }
    }

    private mutating func submit(_ outcome: FormOutcome, of form: RecordForm) -> [BrowserEffect] {
        switch outcome {
        case .editing, .refused:
            return []
        case .cancelled:
            if form.hasEdits {
                overlay = .confirmDiscard  // over the form, which stays as typed
            } else {
                screen = .list
            }
            return []
        case .submitted(.create(let record)):
            screen = .list
            selectedKey = record.id
            // The new row must be shown to be selected (the keys typed next act on it): a typed
            // filter it would not pass (the one the rows show) is cleared, and said so.
            let cleared = textFilter
            readTypedFilter()
            if !cleared.isEmpty, !ModelRowPolicy.matches(record, ModelRowPolicy.Filter(relation: relationFilter, filterReading.applied)) {
                textFilter = ""
            }
            let added = changeText(doing: "Adding “\(record.displayName)”", done: "Added “\(record.displayName)”")
            show(added + (textFilter == cleared ? "" : " (the filter “\(cleared)” is cleared to show it)"), .info)
            return [.create(model: model, record)]
        case .submitted(.update(let patch)) where form.editsMany != nil:
            return submitMarked(patch)
        case .submitted(.update(let patch)):
            if let original = form.original, rows[model]?.row(original.id) == nil {
                // Deleted elsewhere while it was edited: what was typed stays, as a new record to add.
                screen = .form(prepared(form.recreating(patch)))
                show("“\(original.displayName)” was \(original.goneCause): C-s adds it again with what you typed, Esc discards it.", .info)
                return []
            }
            screen = .list
            guard let key = form.original?.id, !patch.changes.isEmpty else {
                show("Nothing changed.", .info)
                return []
            }
            let name = form.original?.displayName ?? ""
            let changed = form.original.map { leavesTheFilter($0.applying(patch)) } ?? ""
            show(changeText(doing: "Saving the changes to “\(name)”", done: "Saved the changes to “\(name)”") + changed, .info)
            return [.update(model: model, key, patch)]
        }
    }

    /// What an edit's message adds when the record edited no longer passes the filter the rows
    /// show (a typed one, or the relation followed): its row leaves the list, and that is said,
    /// not left to look like a loss.
    func leavesTheFilter(_ edited: ModelRecord) -> String {
        let filter = ModelRowPolicy.Filter(relation: relationFilter, filterReading.applied)
        guard textFilter.isEmpty == false || relationFilter != nil, !ModelRowPolicy.matches(edited, filter) else { return "" }
        return appliedFilterText.map { " (it no longer matches “\($0)”, so it leaves the list)" }
            ?? " (it no longer belongs here, so it leaves the list)"
    }

    /// What the status line says of a change just made, as the sample's does
    /// (`Connectivity.changeText`).
    func changeText(doing: String, done: String) -> String {
        (connectivity[model] ?? .connecting).changeText(doing: doing, done: done)
    }

    // MARK: - The filter

    /// A key in the filter being typed: every editing key of a field; the list narrows as it
    /// changes, the selection held by its record (never moved to the first match).
    private mutating func typeFilter(_ key: Key, _ line: FilterLine) -> [BrowserEffect] {
        var line = line
        switch key {
        case .enter:
            textFilter = line.text
            readTypedFilter()
            // A filter that does not read stays in the prompt, its mistake said under it.
            guard filterMistake == nil else { return [] }
            screen = .list
            return askServerIfNeeded()
        case .escape:
            // Esc takes the filter away, as the sample's does: ⏎ is how to keep it.
            textFilter = ""
            screen = .list
            return []
        case .paste(let pasted):
            // Text only, whole or not at all: a line break in a paste is a space, never ⏎.
            switch pasted.line(.asSpaces) {
            case .success(let text): line.insert(text)
            case .failure(let refusal):
                filterRefusal = refusal.message(noun: "filter")
                return []
            }
        default:
            guard line.handle(key) else { return [] }  // an Alt key or a function key: nothing
        }
        textFilter = line.text
        screen = .filtering(line)
        return []
    }

    func layout(of name: String) -> RecordLayout? { layouts[name] }
}
