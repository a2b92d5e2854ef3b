import ScreenValues

/// A rule across the screen, with a text at its left (where the rows come from, a filter), a
/// count after it (`6 rows`), and one at its right (the position in a long list). On a short
/// line the left text is cut first (with "…"), so that the count and the position stay whole.
public struct RuleView {
    let row: Int
    let leftText: String?
    let countText: String?
    let rightText: String?

    public init(row: Int, leftText: String?, countText: String? = nil, rightText: String?) {
        self.row = row
        self.leftText = leftText
        self.countText = countText
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
        // From the third column to one before the right text, each text with a space either side.
        let room = rightColumn - 3
        let separator = " · "
        switch (leftText, countText) {
        case (let left?, let count?):
            let countWidth = frame.columns(of: count)
            let leftRoom = room - 2 - frame.columns(of: separator) - countWidth
            guard leftRoom >= 2 else {  // not even a character and "…" of the left text: the count alone
                Self.draw(count, into: &frame, row: row, column: 2, room: room)
                return
            }
            let column = 2 + Self.draw(left, into: &frame, row: row, column: 2, room: leftRoom + 2) - 1
            Self.draw(separator.dropFirst() + count, into: &frame, row: row, column: column, room: room - (column - 2))
        case (let text?, nil), (nil, let text?):
            Self.draw(text, into: &frame, row: row, column: 2, room: room)
        case (nil, nil):
            break
        }
    }

    /// ` text ` in at most `room` columns, the text cut with "…" to leave its spaces; the columns used.
    @discardableResult
    private static func draw(_ text: some StringProtocol, into frame: inout Frame, row: Int, column: Int, room: Int) -> Int {
        guard room >= 3 else { return 0 }
        let used = frame.draw(" ", row: row, column: column) + frame.draw(String(text), row: row, column: column + 1, width: room - 2)
        return used + frame.draw(" ", row: row, column: column + used)
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
