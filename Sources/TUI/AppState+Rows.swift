import PropertySync

/// Rows arriving, and the selection and scroll that follow them.
extension AppState {
    /// Applies a change to the rows, then repairs what pointed at a row that went away. A
    /// screen or field about a vanished row stays open and says why (a refused create, or a
    /// delete elsewhere): the keys the user is typing must not fall through to the list.
    mutating func changeRows(now: ContinuousClock.Instant, _ change: (inout RowStore) -> Void) {
        let watched = rowsInUse()
        change(&rows)
        // Back after all (a refresh that brought it back): the screen is about a live row again.
        if case .detail(let id) = screen, rows.row(id: id) != nil { vanishedDetail = nil }
        if let id = editing?.field.recordID, rows.row(id: id) != nil { editing?.vanished = nil }
        if case .detail(let id) = screen, vanishedDetail == nil, rows.row(id: id) == nil, editing == nil, undoUnderWay {
            // Taken away by the user's own undo (the add it takes back): back to the list, where the
            // rest of their work is; `.undid` then says what was undone. Never "deleted elsewhere".
            leaveDetail()
        }
        if case .detail(let id) = screen, vanishedDetail == nil, rows.row(id: id) == nil, let last = watched[id] {
            vanishedDetail = VanishedRecord(lastShown: last.property)
            if editing?.field.recordID != id {
                show("\(vanishedDetail!.headline). Esc goes back to the list.", .error, now: now)
            }
        }
        if let id = editing?.field.recordID, editing?.vanished == nil, rows.row(id: id) == nil, let last = watched[id] {
            let vanished = VanishedRecord(lastShown: last.property)
            editing?.vanished = vanished
            show("\(vanished.headline). ⏎ adds it anew with what you typed; Esc leaves.", .error, now: now)
        }
        noticeChangeUnderTheField(now: now)
    }

    /// The field's value changed under it (another writer, live): said at once, and Enter will ask
    /// before saving over it.
    private mutating func noticeChangeUnderTheField(now: ContinuousClock.Instant) {
        guard case .edit(let id, let field)? = editing?.field, let row = rows.row(id: id),
              let opened = editing?.openedWith else { return }
        let current = field.text(of: row.property)
        guard current != opened, current != editing?.changedElsewhere else { return }
        editing?.changedElsewhere = current
        editing?.overwriteAsked = false
        show("Its \(field.noun) is now “\(current)”, changed while you typed: ⏎ saves yours over it, Esc keeps it.",
             .error, now: now)
    }

    /// The rows the screen points at (detail, field, confirmation), to tell their story once gone.
    private func rowsInUse() -> [PropertyID: PropertyRow] {
        var ids: [PropertyID] = []
        if case .detail(let id) = screen { ids.append(id) }
        if let id = editing?.field.recordID { ids.append(id) }
        var found: [PropertyID: PropertyRow] = [:]
        for id in ids { found[id] = rows.row(id: id) }
        return found
    }

    mutating func select(index: Int) {
        guard rows.count > 0 else { return }
        let clamped = min(max(0, index), rows.count - 1)
        selectedID = rows.id(at: clamped)
        selectedIndexHint = clamped
    }

    /// Keeps a row selected (a neighbour if the selected one went away) and on screen. O(log n).
    mutating func keepSelectionVisible() {
        guard rows.count > 0 else {
            selectedID = nil
            selectedIndexHint = 0
            scrollTop = 0
            return
        }
        let index: Int
        if let current = selectedIndex {
            index = current
        } else {
            index = min(selectedIndexHint, rows.count - 1)
            let gone = selectedID
            selectedID = rows.id(at: index)
            if let gone, let neighbour = selectedID { selectionLost = (gone, neighbour) }
        }
        selectedIndexHint = index
        let visible = layout.listHeight
        if index < scrollTop { scrollTop = index }
        if index >= scrollTop + visible { scrollTop = index - visible + 1 }
        scrollTop = max(0, min(scrollTop, rows.count - visible))
    }
}
