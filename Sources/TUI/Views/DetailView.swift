import ModelScreens
import OptimisticStore
import PropertySync
import ScreenValues

/// One property: every field, whole (long values wrap), its sync state in words, and
/// the rename or address field in place while one is edited. When the lines do not fit
/// the window they scroll (j k ↓ ↑), and the field being edited is always in view.
struct DetailView {
    let row: PropertyRow
    /// Set when the property is gone: its last values stay on screen with the reason.
    var vanished: VanishedRecord? = nil
    let layout: Layout
    let editing: AppState.Editing?
    let palette: Palette
    /// The first line shown; clamped here, so any value is safe.
    var scroll = 0
    /// In a conflict: the user's change that lost, in words (theirs is the record shown).
    var yours: String? = nil
    /// Why the server just refused a change to it (shown until the next key).
    var reverted: String? = nil
    /// The kinds of emoji cluster the terminal draws a scalar at a time (`Frame.separateClusters`).
    var separateClusters: Set<ClusterKind> = []

    static let labelWidth = 10

    /// One line of the view: a label on a field's first line, and a piece of its value.
    struct Line: Equatable {
        var label: String?
        var text: String
        var color: Frame.Color
        /// The field edited on this line, drawn as a text field instead of `text`.
        var editsField = false
    }

    var valueColumn: Int { 3 + Self.labelWidth + 1 }
    var valueWidth: Int { max(1, layout.width - valueColumn - 1) }

    func lines() -> [Line] {
        let property = row.property
        let (syncText, syncColor) = vanished.map { ("✗ gone: \($0.headline).", Frame.Color.red) } ?? Self.describe(row.status, reverted: reverted)
        let fields: [(label: String, value: String, color: Frame.Color)] = [
            ("Name", property.name, .default),
            ("Address", property.address ?? "—", .default),
            ("ID", property.id.text, .default),
            ("Created", property.createdAt ?? "— (not on the server yet)", .default),
            ("Updated", property.updatedAt ?? "—", .default),
            ("Version", property.version == 0 ? "0 (not on the server yet)"
                : property.hasServerVersion ? String(property.version) : "— (this API keeps no versions)", .default),
            ("Sync", syncText, syncColor),
        ] + (yours.map { [("Yours", "\($0) · o applies it again, x keeps theirs", Frame.Color.yellow)] } ?? [])
        var lines: [Line] = []
        for field in fields {
            switch (field.label, editing?.field) {
            case ("Name", .edit(_, .name)?), ("Address", .edit(_, .address)?):
                lines.append(Line(label: field.label, text: "", color: .default, editsField: true))
                continue
            default: break
            }
            let pieces = TerminalText.wrapped(
                field.value, toWidth: valueWidth, maximumLines: .max, separate: separateClusters, markingBrokenWords: true)
            for (index, piece) in (pieces.isEmpty ? [""] : pieces).enumerated() {
                lines.append(Line(label: index == 0 ? field.label : nil, text: piece, color: field.color))
            }
        }
        return lines
    }

    /// The first line shown: `scroll` within bounds, moved if needed to show the edited field.
    func firstLine(of lines: [Line]) -> Int {
        var first = max(0, min(scroll, lines.count - layout.listHeight))
        if let edited = lines.firstIndex(where: \.editsField) {
            if edited < first { first = edited }
            if edited >= first + layout.listHeight { first = edited - layout.listHeight + 1 }
        }
        return first
    }

    func draw(into frame: inout Frame) {
        let lines = lines()
        let first = firstLine(of: lines)
        let shown = lines[first..<min(lines.count, first + layout.listHeight)]
        for (offset, line) in shown.enumerated() {
            let y = layout.listTop + offset
            if let label = line.label {
                frame.draw(label, row: y, column: 3, width: Self.labelWidth, style: .bold)
            }
            if line.editsField, let editing {
                FieldView(editing.editor).draw(into: &frame, row: y, column: valueColumn, width: valueWidth)
            } else {
                frame.draw(line.text, row: y, column: valueColumn, width: valueWidth, color: palette(line.color))
            }
        }
        // More above or below: say so in the margin, as the list's position does.
        if first > 0 { frame.draw("↑", row: layout.listTop, column: 1, style: .dim) }
        if first + layout.listHeight < lines.count {
            frame.draw("↓", row: layout.listTop + layout.listHeight - 1, column: 1, style: .dim)
        }
    }

    static func describe(_ status: RowStatus, reverted: String? = nil) -> (String, Frame.Color) {
        switch status {
        case .conflict(let message): ("⚡ conflict: \(message)", .yellow)
        case _ where reverted != nil: ("! reverted: \(reverted ?? "")", .red)
        case .synced: ("✓ synced", .green)
        case .pending(let count): ("… pending: \(count) change\(count == 1 ? "" : "s") waiting for the server", .yellow)
        }
    }
}
