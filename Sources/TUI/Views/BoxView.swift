import ScreenValues

/// A bordered box drawn over the screen, centred: the help and the confirmations.
struct BoxView {
    let title: String
    let lines: [(text: String, style: Frame.Style)]
    let footer: String?
    /// The inner width wanted; the box shrinks to fit the screen.
    let preferredWidth: Int

    func draw(into frame: inout Frame) {
        let outerWidth = min(frame.width - 2, preferredWidth + 4)
        let outerHeight = min(frame.height - 2, lines.count + 2)
        guard outerWidth >= 6, outerHeight >= 3 else { return }
        let left = (frame.width - outerWidth) / 2
        let top = (frame.height - outerHeight) / 2
        let inner = outerWidth - 4
        let rule = String(repeating: "─", count: outerWidth - 2)
        frame.draw("┌" + rule + "┐", row: top, column: left, width: outerWidth)
        frame.draw(" \(title) ", row: top, column: left + 2, width: outerWidth - 4, style: .bold)
        for offset in 0..<(outerHeight - 2) {
            let row = top + 1 + offset
            frame.draw("│", row: row, column: left)
            frame.draw("", row: row, column: left + 1, width: outerWidth - 2, fill: true)
            if offset < lines.count {
                let isLastShown = offset == outerHeight - 3 && lines.count > outerHeight - 2
                let line = isLastShown ? (text: "…", style: Frame.Style.dim) : lines[offset]
                frame.draw(line.text, row: row, column: left + 2, width: inner, style: line.style)
            }
            frame.draw("│", row: row, column: left + outerWidth - 1)
        }
        frame.draw("└" + rule + "┘", row: top + outerHeight - 1, column: left, width: outerWidth)
        if let footer {
            frame.draw(" \(footer) ", row: top + outerHeight - 1, column: left + 2, width: outerWidth - 4, style: .dim)
        }
    }
}

/// The help overlay, generated from `Keymap.bindings`, section by section.
struct HelpView {
    let scroll: Int
    let simulationAvailable: Bool

    static let keyColumnWidth = 18

    var allLines: [(text: String, style: Frame.Style)] {
        var lines: [(text: String, style: Frame.Style)] = []
        for section in KeyBinding.Section.allCases {
            let bindings = Keymap.bindings.filter { $0.section == section }
            guard !bindings.isEmpty else { continue }
            if !lines.isEmpty { lines.append(("", .normal)) }
            var heading = section.rawValue
            if section == .simulation && !simulationAvailable { heading += " — not available with --endpoint" }
            lines.append((heading, .bold))
            for binding in bindings {
                lines.append(Self.line(keys: binding.keyLabel, summary: binding.summary))
            }
        }
        // Keys the terminal module handles itself, before the app sees a key.
        lines.append(("", .normal))
        lines.append(("Terminal", .bold))
        lines.append(Self.line(keys: "C-z", summary: "suspend to the shell (fg comes back)"))
        lines.append(Self.line(keys: "C-c", summary: "quit at once (unsent changes are kept)"))
        // The editing keys, which the field handles itself (`LineEditor`), not the keymap.
        lines.append(("", .normal))
        lines.append(("In a text field", .bold))
        for (keys, summary) in LineEditor.keyHelp { lines.append(Self.line(keys: keys, summary: summary)) }
        return lines
    }

    private static func line(keys: String, summary: String) -> (text: String, style: Frame.Style) {
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
    static func visibleLines(height: Int) -> Int { max(1, height - 4) }

    /// Every line as drawn on a screen `screenWidth` wide (what scrolling counts).
    static func shownLines(screenWidth: Int, simulationAvailable: Bool) -> [(text: String, style: Frame.Style)] {
        let lines = HelpView(scroll: 0, simulationAvailable: simulationAvailable).allLines
        return wrapped(lines, width: innerWidth(screenWidth: screenWidth, lines: lines))
    }

    func draw(into frame: inout Frame) {
        let lines = allLines
        let inner = Self.innerWidth(screenWidth: frame.width, lines: lines)
        let shown = Self.wrapped(lines, width: inner)
        let visible = Self.visibleLines(height: frame.height)
        let start = min(max(0, scroll), max(0, shown.count - visible))
        BoxView(title: "Keys", lines: Array(shown[start...]), footer: "Esc closes · j k g G PgUp PgDn scroll",
                preferredWidth: inner).draw(into: &frame)
    }
}
