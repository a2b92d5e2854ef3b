import PropertySync
import OptimisticStore

/// One property: every field, its sync state in words, and the rename or address
/// field in place while one is edited.
struct DetailView {
    let row: PropertyRow
    let layout: Layout
    let editing: AppState.Editing?
    let palette: Palette

    static let labelWidth = 10

    func draw(into frame: inout Frame) {
        let property = row.property
        let (syncText, syncColor) = Self.describe(row.status)
        let fields: [(label: String, value: String, color: Frame.Color)] = [
            ("Name", property.name, .default),
            ("Address", property.address ?? "—", .default),
            ("ID", property.id, .default),
            ("Created", property.createdAt ?? "— (not on the server yet)", .default),
            ("Updated", property.updatedAt ?? "—", .default),
            ("Version", property.version == 0 ? "0 (not on the server yet)" : String(property.version), .default),
            ("Sync", syncText, syncColor),
        ]
        let valueColumn = 3 + Self.labelWidth + 1
        let valueWidth = max(0, layout.width - valueColumn - 1)
        for (offset, field) in fields.enumerated() {
            let line = layout.listTop + 1 + offset
            guard line < layout.listTop + layout.listHeight else { break }
            frame.draw(field.label, row: line, column: 3, width: Self.labelWidth, style: .bold)
            switch (field.label, editing?.field) {
            case ("Name", .rename?), ("Address", .address?):
                FieldView(editing!.editor).draw(into: &frame, row: line, column: valueColumn, width: valueWidth)
            case ("Sync", _):
                // The last field: a refusal's whole message, over the lines left below it.
                let room = layout.listTop + layout.listHeight - line
                for (index, text) in TerminalText.wrapped(field.value, toWidth: valueWidth, maximumLines: room).enumerated() {
                    frame.draw(text, row: line + index, column: valueColumn, width: valueWidth, color: palette(field.color))
                }
            default:
                frame.draw(field.value, row: line, column: valueColumn, width: valueWidth, color: palette(field.color))
            }
        }
    }

    static func describe(_ status: RowStatus) -> (String, Frame.Color) {
        switch status {
        case .synced: ("✓ synced", .green)
        case .pending(let count): ("… pending: \(count) change\(count == 1 ? "" : "s") waiting for the server", .yellow)
        case .reverted(let message): ("! reverted: \(message)", .red)
        case .conflict(let message): ("⚡ conflict: \(message)", .yellow)
        }
    }
}
