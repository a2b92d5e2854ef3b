import ScreenValues

/// A text input drawn in place, as the app's `FieldView` draws its fields: underlined, the
/// cursor in reverse video when it has the focus, scrolled sideways so that the cursor stays
/// in view. Without the focus it shows its start, with no cursor.
struct TextInputView {
    let input: TextInput
    let hasFocus: Bool
    var placeholder: String?
    /// Characters drawn in bold: a filter's mistake, where it is.
    var marked: Range<Int>?

    func draw(into frame: inout Frame, row: Int, column: Int, width: Int) {
        guard width > 0 else { return }
        frame.draw("", row: row, column: column, width: width, style: .underline, fill: true)
        let characters = input.characters
        // Only the characters that can be seen are measured: a value of a megabyte costs a line's work.
        let separate = frame.separateClusters
        let widthOf = { (index: Int) in max(1, TerminalText.columns(of: String(characters[index]), separate: separate)) }
        var start = 0
        if hasFocus {
            // The first character shown: as far left as possible with the cursor cell still inside.
            var used = 1
            start = input.cursor
            while start > 0 {
                let previous = widthOf(start - 1)
                if used + previous > width { break }
                used += previous
                start -= 1
            }
        }
        var x = column
        for index in start..<characters.count {
            let cell = widthOf(index)
            guard x + cell <= column + width else { break }
            // Offered text is drawn selected: typing replaces it.
            var style: Frame.Style = hasFocus && (index == input.cursor || input.isOffered) ? [.underline, .reverse] : .underline
            if marked?.contains(index) == true { style.insert(.bold) }
            frame.draw(String(characters[index]), row: row, column: x, width: cell, style: style)
            x += cell
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
