import ModelScreens
import OptimisticStore
import PropertySync
import ScreenValues

/// The list of properties: a row each with its name and address, the selection
/// in reverse video, a mark for the sync state, and the rename or address field
/// in place while one is edited.
///
/// It reads rows only for the indices on screen (`scrollTop` up to the list
/// height), so drawing costs the same for ten rows or a million.
struct ListView {
    let layout: Layout
    let scrollTop: Int
    let selectedIndex: Int?
    let editing: AppState.Editing?
    let filter: String
    /// What an empty, unfiltered list says (it depends on whether the server answered).
    let emptyText: String
    /// Rows whose change was just refused (id → why): marked `!` until the next key.
    var revertedRows: [PropertyID: String] = [:]
    let palette: Palette

    func draw(rows: some RowSource<RealEstateProperty>, into frame: inout Frame) {
        let count = rows.count
        if count == 0 {
            let message = filter.isEmpty
                ? emptyText
                : "No property matches “\(filter)”. Esc clears the filter."
            frame.draw(message, row: layout.listTop + 1, column: 3, style: .dim)
            return
        }
        let end = min(count, scrollTop + layout.listHeight)
        guard scrollTop < end else { return }
        for index in scrollTop..<end {
            drawRow(rows.row(at: index), selected: index == selectedIndex,
                    line: layout.listTop + index - scrollTop, into: &frame)
        }
    }

    private func drawRow(_ row: PropertyRow, selected: Bool, line: Int, into frame: inout Frame) {
        let (mark, markColor) = Self.mark(for: row.status, reverted: revertedRows.isEmpty ? nil : revertedRows[row.id])
        var style: Frame.Style = Self.isPending(row.status) ? .dim : .normal
        let editingHere = editedField(of: row.id)
        if selected && editingHere == nil { style.insert(.reverse) }
        frame.draw("", row: line, column: 0, style: style, fill: true)
        if selected { frame.draw("▸", row: line, column: 1, style: style) }
        if editingHere == .name, let editing {
            FieldView(editing.editor).draw(into: &frame, row: line, column: layout.nameColumn, width: layout.nameWidth)
        } else {
            frame.draw(row.property.name, row: line, column: layout.nameColumn, width: layout.nameWidth, style: style)
        }
        if editingHere == .address, let editing {
            FieldView(editing.editor, placeholder: "address")
                .draw(into: &frame, row: line, column: layout.addressColumn, width: layout.addressWidth)
        } else {
            frame.draw(row.property.address ?? "", row: line, column: layout.addressColumn,
                       width: layout.addressWidth, style: style)
        }
        if !mark.isEmpty {
            frame.draw(mark, row: line, column: layout.markColumn, width: 2, style: style, color: palette(markColor))
        }
    }

    private func editedField(of id: PropertyID) -> PropertyField? {
        if case .edit(id, let field) = editing?.field { field } else { nil }
    }

    /// The row mark: meaning in a symbol, colour only as an extra. A conflict outranks a refusal
    /// just made (it waits for a decision), which outranks pending.
    static func mark(for status: RowStatus, reverted: String? = nil) -> (String, Frame.Color) {
        switch status {
        case .conflict: ("⚡", .yellow)
        case _ where reverted != nil: ("!", .red)
        case .synced: ("", .default)
        case .pending: ("…", .default)
        }
    }

    static func isPending(_ status: RowStatus) -> Bool {
        if case .pending = status { return true }
        return false
    }
}
