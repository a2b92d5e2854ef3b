import ScreenValues

/// A text field being edited, drawn in place: underlined, the cursor in reverse
/// video, scrolled sideways so that the cursor stays visible.
struct FieldView {
    let editor: LineEditor
    let placeholder: String?

    init(_ editor: LineEditor, placeholder: String? = nil) {
        self.editor = editor
        self.placeholder = placeholder
    }

    func draw(into frame: inout Frame, row: Int, column: Int, width: Int) {
        guard width > 0 else { return }
        frame.draw("", row: row, column: column, width: width, style: .underline, fill: true)
        let characters = editor.characters
        let widths = characters.map { max(1, frame.columns(of: String($0))) }
        // The first character shown: as far left as possible with the cursor cell still inside.
        var start = 0
        var used = widths[..<editor.cursor].reduce(0, +) + 1
        while used > width, start < editor.cursor {
            used -= widths[start]
            start += 1
        }
        var x = column
        for index in start..<characters.count {
            guard x + widths[index] <= column + width else { break }
            // Offered text shows as selected: typing replaces it.
            let style: Frame.Style = index == editor.cursor || editor.isOffered ? [.underline, .reverse] : .underline
            frame.draw(String(characters[index]), row: row, column: x, width: widths[index], style: style)
            x += widths[index]
        }
        if editor.cursor == characters.count, x < column + width {
            frame[row, x] = Frame.Cell(" ", style: [.underline, .reverse])
        }
        if characters.isEmpty, let placeholder, width > 2 {
            frame.draw(placeholder, row: row, column: column + 1, width: width - 1, style: [.underline, .dim])
        }
    }
}
