import ScreenValues

/// A bordered box drawn over the screen, centred: the help, messages and the confirmations.
public struct BoxView {
    let title: String
    let lines: [(text: String, style: Frame.Style)]
    let footer: String?
    /// The inner width wanted; the box shrinks to fit the screen.
    let preferredWidth: Int

    public init(title: String, lines: [(text: String, style: Frame.Style)], footer: String?, preferredWidth: Int) {
        self.title = title
        self.lines = lines
        self.footer = footer
        self.preferredWidth = preferredWidth
    }

    public func draw(into frame: inout Frame) {
        let outerWidth = min(frame.width - 2, preferredWidth + 4)
        guard outerWidth >= 6 else { return }
        // A line wider than the box (a narrow screen) goes on below itself, never cut.
        let lines: [(text: String, style: Frame.Style)] = lines.flatMap { line in
            line.text.isEmpty ? [line] : TerminalText.wrapped(
                line.text, toWidth: outerWidth - 4, maximumLines: .max, separate: frame.separateClusters
            ).map { (text: $0, style: line.style) }
        }
        let outerHeight = min(frame.height - 2, lines.count + 2)
        guard outerHeight >= 3 else { return }
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
