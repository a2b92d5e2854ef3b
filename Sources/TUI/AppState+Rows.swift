import PropertySync

/// Rows arriving, and the selection and scroll that follow them.
extension AppState {
    /// Applies a change to the rows, then repairs what pointed at a row that went away.
    mutating func changeRows(now: ContinuousClock.Instant, _ change: (inout RowStore) -> Void) {
        let names = namesInUse()
        change(&rows)
        if case .detail(let id) = screen, rows.row(id: id) == nil {
            screen = .list
            show("“\(names[id] ?? id)” is gone: it was deleted.", .info, now: now)
        }
        switch editing?.field {
        case .rename(let id), .address(let id):
            if rows.row(id: id) == nil {
                editing = nil
                show("“\(names[id] ?? id)” was deleted meanwhile; the edit is dropped.", .error, now: now)
            }
        default: break
        }
        if case .confirmDelete(let id, _) = overlay, rows.row(id: id) == nil { overlay = nil }
    }

    /// The names of the rows the screen points at (detail, field, confirmation), to name them once gone.
    private func namesInUse() -> [String: String] {
        var ids: [String] = []
        if case .detail(let id) = screen { ids.append(id) }
        switch editing?.field {
        case .rename(let id), .address(let id): ids.append(id)
        default: break
        }
        var names: [String: String] = [:]
        for id in ids { names[id] = rows.row(id: id)?.property.name }
        return names
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
            selectedID = rows.id(at: index)
        }
        selectedIndexHint = index
        let visible = layout.listHeight
        if index < scrollTop { scrollTop = index }
        if index >= scrollTop + visible { scrollTop = index - visible + 1 }
        scrollTop = max(0, min(scrollTop, rows.count - visible))
    }
}
