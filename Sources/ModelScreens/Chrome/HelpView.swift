import ScreenValues

/// The help overlay: a keymap's lines (`KeyTable.helpLines`), as wide as the longest when the
/// screen allows; on a narrower screen a key's description goes on under itself, never cut.
public struct HelpView {
    /// The lines before wrapping.
    public let allLines: [(text: String, style: Frame.Style)]
    let scroll: Int

    public init(lines: [(text: String, style: Frame.Style)], scroll: Int) {
        allLines = lines
        self.scroll = scroll
    }

    static let keyColumnWidth = 18

    static func line(keys: String, summary: String) -> (text: String, style: Frame.Style) {
        let padding = String(repeating: " ", count: max(1, keyColumnWidth - keys.terminalWidth))
        return ("  " + keys + padding + summary, .normal)
    }

    /// The columns inside the box on a screen `screenWidth` wide: as wide as the widest line,
    /// as the screen allows (the box's border and margins take 4, and 1 is left on each side).
    static func innerWidth(screenWidth: Int, lines: [(text: String, style: Frame.Style)]) -> Int {
        let widest = lines.map(\.text.terminalWidth).max() ?? 0
        return max(1, min(widest, screenWidth - 6))
    }

    /// `allLines` for a box `width` columns wide inside: a line too long goes on under its
    /// summary's column, broken at a space, so the help never cuts its own text.
    static func wrapped(_ lines: [(text: String, style: Frame.Style)], width: Int) -> [(text: String, style: Frame.Style)] {
        let indent = 2 + keyColumnWidth
        return lines.flatMap { line -> [(text: String, style: Frame.Style)] in
            guard line.text.terminalWidth > width else { return [line] }
            let pieces = TerminalText.wrapped(line.text, toWidth: width, maximumLines: .max)
            // A key's line goes on under its summary; a heading, or a box too narrow for that, from the left.
            guard width >= indent + 12, line.text.hasPrefix("  "), let head = pieces.first else {
                return pieces.map { ($0, line.style) }
            }
            let rest = String(line.text.dropFirst(head.count).drop { $0 == " " })
            let pad = String(repeating: " ", count: indent)
            return [(String(head.reversed().drop { $0 == " " }.reversed()), line.style)]
                + TerminalText.wrapped(rest, toWidth: width - indent, maximumLines: .max).map { (pad + $0, line.style) }
        }
    }

    /// How many lines of help a window `height` tall shows (the box takes the rest).
    public static func visibleLines(height: Int) -> Int { max(1, height - 4) }

    /// Every line as drawn on a screen `screenWidth` wide (what scrolling counts).
    public static func shownLines(_ lines: [(text: String, style: Frame.Style)], screenWidth: Int) -> [(text: String, style: Frame.Style)] {
        wrapped(lines, width: innerWidth(screenWidth: screenWidth, lines: lines))
    }

    public func draw(into frame: inout Frame) {
        let lines = allLines
        let inner = Self.innerWidth(screenWidth: frame.width, lines: lines)
        let shown = Self.wrapped(lines, width: inner)
        let visible = Self.visibleLines(height: frame.height)
        let start = min(max(0, scroll), max(0, shown.count - visible))
        BoxView(title: "Keys", lines: Array(shown[start...]), footer: "Esc closes · j k g G PgUp PgDn scroll",
                preferredWidth: inner).draw(into: &frame)
    }
}
