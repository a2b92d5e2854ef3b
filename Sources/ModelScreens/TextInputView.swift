import ScreenValues

/// A text input drawn in place, as the app's `FieldView` draws its fields: underlined, the
/// cursor in reverse video when it has the focus, scrolled sideways so that the cursor stays
/// in view. Without the focus it shows its start, with no cursor.
struct TextInputView {
    let input: TextInput
    let hasFocus: Bool
    var placeholder: String?

    func draw(into frame: inout Frame, row: Int, column: Int, width: Int) {
        guard width > 0 else { return }
        frame.draw("", row: row, column: column, width: width, style: .underline, fill: true)
        let characters = input.characters
        let widths = characters.map { max(1, frame.columns(of: String($0))) }
        var start = 0
        if hasFocus {
            // The first character shown: as far left as possible with the cursor cell still inside.
            var used = widths[..<input.cursor].reduce(0, +) + 1
            while used > width, start < input.cursor {
                used -= widths[start]
                start += 1
            }
        }
        var x = column
        for index in start..<characters.count {
            guard x + widths[index] <= column + width else { break }
            let style: Frame.Style = hasFocus && index == input.cursor ? [.underline, .reverse] : .underline
            frame.draw(String(characters[index]), row: row, column: x, width: widths[index], style: style)
            x += widths[index]
        }
        if hasFocus, input.cursor == characters.count, x < column + width {
            frame[row, x] = Frame.Cell(" ", style: [.underline, .reverse])
        }
        if characters.isEmpty, let placeholder, width > 2 {
            // After the cursor's cell when it has the focus, as the app's fields show it.
            let offset = hasFocus ? 1 : 0
            frame.draw(placeholder, row: row, column: column + offset, width: width - offset, style: [.underline, .dim])
        }
    }
}
