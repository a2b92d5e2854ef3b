import ScreenValues

/// A rule across the screen, with a text at its left (where the rows come from, a filter) and one
/// at its right (the position in a long list).
public struct RuleView {
    let row: Int
    let leftText: String?
    let rightText: String?

    public init(row: Int, leftText: String?, rightText: String?) {
        self.row = row
        self.leftText = leftText
        self.rightText = rightText
    }

    public func draw(into frame: inout Frame) {
        frame.fillRow(row, with: "─", style: .dim)
        var rightColumn = frame.width
        if let rightText {
            let text = " \(rightText) "
            rightColumn = max(0, frame.width - 2 - frame.columns(of: text))
            frame.draw(text, row: row, column: rightColumn)
        }
        if let leftText { frame.draw(" \(leftText) ", row: row, column: 2, width: max(0, rightColumn - 3)) }
    }
}

/// The status line: one message with its mark (`›` under way, `✓` done, `✗` failed), cut to the line.
public struct StatusLineView<Retry: Sendable & Equatable> {
    let row: Int
    let status: StatusMessage<Retry>?
    let palette: Palette

    public init(row: Int, status: StatusMessage<Retry>?, palette: Palette) {
        self.row = row
        self.status = status
        self.palette = palette
    }

    public func draw(into frame: inout Frame) {
        frame.fillRow(row)
        guard let status else { return }
        let (style, color): (Frame.Style, Frame.Color) =
            switch status.level {
            case .info: (.normal, .default)
            case .success: (.normal, .green)
            case .error: (.bold, .red)
            }
        frame.draw("\(status.mark) \(status.text(fitting: frame.width - 2))", row: row, column: 1, width: frame.width - 2,
                   style: style, color: palette(color))
    }
}

/// The last line: the keys that matter now. "? help" is always kept; others
/// are dropped from the end when the line is too narrow.
public struct HintsView {
    let row: Int
    let hints: [(key: String, word: String)]

    public init(row: Int, hints: [(key: String, word: String)]) {
        self.row = row
        self.hints = hints
    }

    public func draw(into frame: inout Frame) {
        frame.fillRow(row)
        var shown = hints
        while shown.count > 1, width(of: shown) > frame.width - 2 {
            if let last = shown.indices.last(where: { shown[$0].word != "help" }) {
                shown.remove(at: last)
            } else {
                break
            }
        }
        var x = 1
        for hint in shown {
            x += frame.draw(hint.key, row: row, column: x, style: .bold)
            x += frame.draw(" \(hint.word)  ", row: row, column: x, style: .dim)
        }
    }

    private func width(of hints: [(key: String, word: String)]) -> Int {
        hints.reduce(0) { $0 + $1.key.terminalWidth + $1.word.terminalWidth + 3 } - 2
    }
}
