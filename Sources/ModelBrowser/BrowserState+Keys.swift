import AmplifyModels
import ModelScreens
import OptimisticStore
import PropertySync
import ScreenValues

/// What each key does, screen by screen. A paste or an Alt key never runs a command: only a
/// field (the form, the filter, the picker's filter) takes a paste, as text.
extension BrowserState {
    mutating func press(_ key: Key) -> [BrowserEffect] {
        refusedKey = nil
        filterRefusal = nil
        if let overlay { return press(key, on: overlay) }
        switch screen {
        case .picker(var picker):
            switch picker.handle(key, pageHeight: max(1, height - 6)) {
            case .chosen(let chosen):
                open(chosen.name, filter: nil)
            case .cancelled:
                guard pickerHasListBehind else {
                    // Nothing behind the first picker: it stays (not the first model's list, unasked).
                    screen = .picker(picker)
                    status = StatusMessage(kind: .info, text: "Choose a model with ⏎, or quit with C-c.")
                    return []
                }
                screen = .list
            case .choosing:
                screen = .picker(picker)
                if let message = picker.message { status = StatusMessage(kind: .failed, text: message) }
            }
            return []
        case .form(var form):
            let outcome = form.handle(key)
            screen = .form(form)
            return submit(outcome, of: form)
        case .filtering(let text):
            return typeFilter(key, text)
        case .detail(var detail):
            if detail.handle(key, region: detailRegion(detail)) {
                screen = .detail(detail)
                return []
            }
            return pressOnRecord(key, inDetail: true)
        case .list:
            return pressOnRecord(key, inDetail: false)
        }
    }

    /// The list's and the detail's keys.
    private mutating func pressOnRecord(_ key: Key, inDetail: Bool) -> [BrowserEffect] {
        let list = shownList
        let count = list.keys.count
        let page = max(1, bodyRegion.height - 2)
        switch key {
        case .character("j"), .down: select(index: (list.selected ?? 0) + 1)
        case .character("k"), .up: select(index: (list.selected ?? 0) - 1)
        case .character("g"), .home: select(index: 0)
        case .character("G"), .end: select(index: count - 1)
        case .pageDown: select(index: (list.selected ?? 0) + page)
        case .pageUp: select(index: (list.selected ?? 0) - page)
        case .enter, .character("l"), .right:
            if !inDetail, let row = selectedRow { screen = .detail(RecordDetail(record: row.record, schema: schema)) }
        case .escape, .backspace, .character("h"), .left:
            goBack(fromDetail: inDetail)
        case .character("n"):
            return startCreate()
        case .character("e"):
            return startEdit()
        case .character("d"):
            guard let row = selectedRow else { return [] }
            guard refuseIfReadOnly("delete") else { return [] }
            overlay = .confirmDelete(row.id, name: row.record.displayName, notes: deleteNotes(row.record))
        case .character("u"):
            guard refuseIfReadOnly("undo") else { return [] }
            return [.undo(model: model)]
        case .character("o"):
            guard let row = selectedRow, case .conflict = row.status else {
                status = StatusMessage(kind: .info, text: "Nothing to apply again: this row has no conflict.")
                return []
            }
            return [.reapplyMine(model: model, row.id)]
        case .character("x"):
            guard let row = selectedRow, case .conflict = row.status else { return [] }
            return [.dismissConflict(model: model, row.id)]
        case .character("f"):
            followRelation()
        case .character("m"):
            pickerHasListBehind = true
            screen = .picker(ModelPicker(schema: schema, readOnlyReasons: access.compactMapValues(\.readOnlyReason), selecting: model))
        case .character("/"):
            screen = .filtering(textFilter)
        case .character("s"):
            rows[model]?.sortedByName.toggle()
            status = StatusMessage(kind: .info, text: rows[model]?.sortedByName == true ? "Sorted by \(currentModel?.displayField ?? "name")." : "Sorted by creation.")
        case .character("R"):
            status = StatusMessage(kind: .info, text: "Refreshing \(model)…")
            return [.refresh(model: model)]
        case .character("q"):
            if totalPending > 0 {
                overlay = .confirmQuit(pending: totalPending)
                return []
            }
            return [.quit]
        case .character, .alt, .control, .function:
            // Said, so that a key typed into the wrong screen (or an Esc and a key that arrived
            // together, read as Alt) is not silently lost. An Alt key never runs a command.
            status = StatusMessage(kind: .info, text: "\(key.label) does nothing here; the keys are on the last line.")
        case .paste:
            // A paste is text, never keys: here there is no field for it.
            status = StatusMessage(kind: .info, text: "A paste does nothing here: it goes into a form's field.")
        default:
            break
        }
        if inDetail, let row = selectedRow, case .detail(let shown) = screen, shown.record != row.record {
            screen = .detail(RecordDetail(record: row.record, schema: schema))
        }
        return []
    }

    private mutating func goBack(fromDetail: Bool) {
        if fromDetail {
            screen = .list
            return
        }
        if !textFilter.isEmpty {
            textFilter = ""
            return
        }
        guard let place = backStack.pop() else { return }
        model = place.model
        relationFilter = place.filter
        selectedKey = place.selectedKey
        selectedIndexHint = place.selectedRow
        if place.showedDetail, let row = selectedRow {
            screen = .detail(RecordDetail(record: row.record, schema: schema))
        } else {
            screen = .list
        }
    }

    /// Opens a model's list (from the picker: a fresh start, the back-stack cleared).
    mutating func open(_ name: String, filter: RecordFilter?) {
        backStack = BackStack()
        model = name
        relationFilter = filter
        textFilter = ""
        selectedKey = nil
        selectedIndexHint = 0
        scrollTop = 0
        screen = .list
        // What the status line said was of the model left ("Sorted by name."), not of this one.
        status = access[name]?.readOnlyReason.map { StatusMessage(kind: .info, text: "\(name) is read-only: \($0).") }
    }

    // MARK: - Relations

    private mutating func followRelation() {
        guard let row = selectedRow else { return }
        let targets = Relations.targets(of: row.record, in: schema)
        switch targets.count {
        case 0: status = StatusMessage(kind: .info, text: "\(model) has no relation to follow.")
        case 1: follow(targets[0])
        default: overlay = .follow(targets, selected: 0)
        }
    }

    mutating func follow(_ target: RelationTarget) {
        guard target.canFollow else {
            status = StatusMessage(kind: .info, text: "Nothing to follow: \(target.destination).")
            return
        }
        let showedDetail: Bool = if case .detail = screen { true } else { false }
        // The record followed from: the selection as shown, moved or not (`selectedKey` is nil
        // until the selection moves).
        let origin = selectedRow
        backStack.push(BackStack.Place(
            model: model, filter: relationFilter, selectedRow: selectedIndex ?? 0, selectedKey: selectedKey, showedDetail: showedDetail))
        model = target.model
        textFilter = ""
        scrollTop = 0
        switch target.direction {
        case .parent:
            relationFilter = nil
            selectedKey = target.parentKey(in: schema)
            if let key = selectedKey, let parent = rows[model]?.byKey[key] {
                screen = .detail(RecordDetail(record: parent.record, schema: schema))
            } else {
                screen = .list
                status = StatusMessage(kind: .info, text: "\(target.destination) is not in the list (deleted, or not loaded yet).")
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
    private mutating func refuseIfReadOnly(_ what: String) -> Bool {
        guard let reason = currentAccess.readOnlyReason else { return true }
        status = StatusMessage(kind: .failed, text: "Cannot \(what): \(model) is read-only (\(reason)).")
        return false
    }

    private mutating func startCreate() -> [BrowserEffect] {
        guard refuseIfReadOnly("add"), let layout = layout(of: model) else { return [] }
        var form = RecordForm(creating: layout, values: relationFilter?.values ?? [:])
        form.separateClusters = separateClusters
        form.parents = parentNames(of: layout.model)
        screen = .form(form)
        return []
    }

    private mutating func startEdit() -> [BrowserEffect] {
        guard let row = selectedRow else { return [] }
        guard refuseIfReadOnly("edit") else { return [] }
        var form = RecordForm(editing: row.record)
        form.separateClusters = separateClusters
        form.parents = parentNames(of: row.record.model)
        screen = .form(form)
        return []
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
            status = changeStatus(doing: "Adding “\(record.displayName)”", done: "Added “\(record.displayName)”")
            return [.create(model: model, record)]
        case .submitted(.update(let patch)):
            if let original = form.original, rows[model]?.byKey[original.id] == nil {
                // Deleted elsewhere while it was edited: what was typed stays, as a new record to add.
                screen = .form(form.recreating(patch))
                status = StatusMessage(
                    kind: .info, text: "“\(original.displayName)” was deleted elsewhere: C-s adds it again with what you typed, Esc discards it.")
                return []
            }
            screen = .list
            guard let key = form.original?.id, !patch.changes.isEmpty else {
                status = StatusMessage(kind: .info, text: "Nothing changed.")
                return []
            }
            let name = form.original?.displayName ?? ""
            status = changeStatus(doing: "Saving the changes to “\(name)”", done: "Saved the changes to “\(name)”")
            return [.update(model: model, key, patch)]
        }
    }

    /// What the status line says of a change just made, as the sample's does
    /// (`Connectivity.changeText`).
    func changeStatus(doing: String, done: String) -> StatusMessage {
        StatusMessage(kind: .info, text: (connectivity[model] ?? .connecting).changeText(doing: doing, done: done))
    }

    // MARK: - The filter

    private mutating func typeFilter(_ key: Key, _ text: String) -> [BrowserEffect] {
        var text = text
        switch key {
        case .enter:
            textFilter = text
            screen = .list
            return []
        case .escape:
            screen = .list
            return []
        case .backspace:
            if !text.isEmpty { text.removeLast() }
        case .character(let character):
            text.append(character)
        case .paste(let pasted):
            // Text only, whole or not at all: a line break in a paste is a space, never ⏎.
            switch pasted.line(.asSpaces) {
            case .success(let line): text += line
            case .failure(let refusal):
                filterRefusal = refusal.message(noun: "filter")
                return []
            }
        default:
            return []
        }
        textFilter = text
        selectedKey = nil
        selectedIndexHint = 0
        screen = .filtering(text)
        return []
    }

    // MARK: - Overlays

    private mutating func press(_ key: Key, on overlay: Overlay) -> [BrowserEffect] {
        switch overlay {
        case .confirmDelete(let recordKey, let name, let notes):
            self.overlay = nil
            guard key == .character("y") else {
                status = StatusMessage(kind: .info, text: "Kept.")
                return []
            }
            switch DeleteConfirmation(asked: name, nowNamed: rows[model]?.byKey[recordKey]?.record.displayName) {
            case .gone(let message):
                status = StatusMessage(kind: .info, text: message)
                return []
            case .askAgain(let newName, let message):
                self.overlay = .confirmDelete(recordKey, name: newName, notes: notes)
                status = StatusMessage(kind: .info, text: message)
                return []
            case .delete:
                break
            }
            if case .detail = screen { screen = .list }
            status = changeStatus(doing: "Deleting “\(name)”", done: "Deleted “\(name)”")
            return [.delete(model: model, recordKey)]
        case .confirmQuit:
            self.overlay = nil
            return key == .character("y") ? [.quit] : []
        case .confirmDiscard:
            self.overlay = nil
            if key == .character("y") {
                screen = .list
                status = StatusMessage(kind: .info, text: "Discarded what you typed.")
            }
            return []
        case .follow(let targets, let selected):
            switch key {
            case .down, .character("j"): self.overlay = .follow(targets, selected: min(selected + 1, targets.count - 1))
            case .up, .character("k"): self.overlay = .follow(targets, selected: max(selected - 1, 0))
            case .enter:
                self.overlay = nil
                follow(targets[selected])
            case .escape: self.overlay = nil
            default: break
            }
            return []
        }
    }

    func layout(of name: String) -> RecordLayout? { layouts[name] }
}
