import ModelScreens
import ScreenValues

/// The input line: a field's prompt while one is open.
struct InputLineView {
    let row: Int
    let editing: AppState.Editing?
    /// A field whose row left the list moves down here (on the list screen only).
    let onListScreen: Bool

    func draw(into frame: inout Frame) {
        frame.fillRow(row)
        // Idle, the line stays empty: a label there reads as a prompt waiting for text (the
        // hints below say `n new`).
        guard let editing else { return }
        // Near the limit, how much is left: "87/100" at the right end.
        var right = frame.width - 1
        if let counter = Self.counter(for: editing) {
            right -= counter.terminalWidth
            frame.draw(counter, row: row, column: right, style: editing.editor.count >= editing.field.maximumLength ? .bold : .dim)
            right -= 1
        }
        switch editing.field {
        case .newName:
            drawPrompt("New property name:", editing: editing, right: right, into: &frame)
        case .filter:
            drawPrompt("Filter:", editing: editing, right: right, into: &frame)
        case .edit:
            if let vanished = editing.vanished, onListScreen {
                // Its row is gone from the list: the field moves down here, still open.
                let what = editing.field.noun
                drawPrompt("“\(vanished.property.name)” \(vanished.shortCause) · \(what):", editing: editing,
                           right: right, into: &frame)
            } else {
                frame.draw("Editing in place: ⏎ saves, Esc cancels.", row: row, column: 1, width: max(0, right - 1),
                           style: .dim)
            }
        }
    }

    /// "87/100" once the text is within a fifth of the field's limit; nil before.
    static func counter(for editing: AppState.Editing) -> String? {
        let limit = editing.field.maximumLength
        let count = editing.editor.count
        guard count * 5 >= limit * 4 else { return nil }
        return "\(count)/\(limit)"
    }

    /// A label and the field after it; a long label is cut to leave the field 20 columns.
    private func drawPrompt(_ label: String, editing: AppState.Editing, right: Int, into frame: inout Frame) {
        let used = frame.draw(label, row: row, column: 1, width: max(right / 2, right - 21), style: .bold)
        let column = 1 + used + 1
        FieldView(editing.editor).draw(into: &frame, row: row, column: column, width: right - column)
    }
}

/// Shown instead of everything else below the minimum size.
struct TooSmallView {
    func draw(into frame: inout Frame) {
        let lines = ["terminal too small", "need \(Layout.minimumWidth)×\(Layout.minimumHeight)",
                     "have \(frame.width)×\(frame.height)"]
        let top = max(0, (frame.height - lines.count) / 2)
        for (offset, line) in lines.enumerated() where top + offset < frame.height {
            let column = max(0, (frame.width - line.terminalWidth) / 2)
            frame.draw(line, row: top + offset, column: column, style: offset == 0 ? .bold : .normal)
        }
    }
}
