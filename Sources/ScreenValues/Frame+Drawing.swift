/// Drawing text into a frame: every view goes through `draw`, so sanitizing,
/// widths and cutting are decided in one place.
extension Frame {
    /// Draws text at a position, at most `width` columns (default: to the right
    /// edge). The text is sanitized and cut with "…" if it does not fit; a wide
    /// character occupies two cells, the second holding "". With `fill`, the rest
    /// of the area is blanked in the same style. Returns the columns used.
    @discardableResult
    public mutating func draw(
        _ text: String, row: Int, column: Int, width: Int? = nil,
        style: Style = .normal, color: Color = .default, fill: Bool = false
    ) -> Int {
        guard row >= 0, row < height, column >= 0, column < self.width else { return 0 }
        let available = min(width ?? (self.width - column), self.width - column)
        guard available > 0 else { return 0 }
        var x = column
        for cell in TerminalText.fitted(TerminalText.sanitized(text), width: available, separate: separateClusters) {
            place(Cell(cell.text, style: style, color: color), wide: cell.width == 2, row: row, column: x)
            x += cell.width
        }
        let used = x - column
        if fill {
            while x < column + available {
                place(Cell(" ", style: style, color: color), wide: false, row: row, column: x)
                x += 1
            }
        }
        return used
    }

    /// Puts one cell (and a wide cell's continuation), breaking up any wide
    /// character it partly covers: the uncovered half becomes a blank, so the
    /// frame never holds half a wide character.
    private mutating func place(_ cell: Cell, wide: Bool, row: Int, column: Int) {
        let last = wide ? column + 1 : column
        if self[row, column].text.isEmpty, column > 0 {
            self[row, column - 1].text = " "  // we cover the second half of a wide character
        }
        if last + 1 < width, self[row, last + 1].text.isEmpty {
            self[row, last + 1].text = " "  // we cover the first half of a wide character
        }
        self[row, column] = cell
        if wide { self[row, column + 1] = Cell("", style: cell.style, color: cell.color) }
    }

    /// Whether every wide character has its continuation cell and no continuation
    /// stands alone: what `Terminal` relies on when it copies the frame.
    public var wideCellsAreWhole: Bool {
        for row in 0..<height {
            for column in 0..<width {
                let isContinuation = self[row, column].text.isEmpty
                let previousIsWide = column > 0 && Character.isWide(self[row, column - 1].text)
                if isContinuation != previousIsWide { return false }
            }
        }
        return true
    }

    /// The columns text takes when drawn into this frame.
    public func columns(of text: String) -> Int {
        TerminalText.columns(of: text, separate: separateClusters)
    }

    /// Fills a whole row with one narrow character (a rule) or blanks.
    public mutating func fillRow(_ row: Int, with text: String = " ", style: Style = .normal, color: Color = .default) {
        guard row >= 0, row < height else { return }
        for x in 0..<width { self[row, x] = Cell(text, style: style, color: color) }
    }

    /// Adds a style to cells already drawn (e.g. reverse video for the selection).
    public mutating func addStyle(_ style: Style, row: Int, columns: Range<Int>) {
        guard row >= 0, row < height else { return }
        for x in columns.clamped(to: 0..<width) { self[row, x].style.formUnion(style) }
    }
}

extension Character {
    /// Whether a cell's text is a character two columns wide.
    static func isWide(_ cellText: String) -> Bool {
        guard let first = cellText.first, cellText.count == 1 else { return false }
        return first.terminalWidth == 2
    }
}
