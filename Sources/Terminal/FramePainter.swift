import CNcurses
import TUI

/// Copies frames to curses' standard screen, only the cells that changed since
/// the last frame (curses then sends only what differs from the terminal).
///
/// A cell's width comes from the frame (measured per grapheme cluster by TUI).
/// Where curses would measure a cluster differently (it looks at the first
/// scalar: a text-default emoji with VS16 such as ❤️, a flag, a ZWJ family), the painter draws
/// something curses measures the same way, so that its idea of the cursor and
/// the terminal's never drift apart: the first scalar alone, else "?".
struct FramePainter {
    private var previous: Frame?
    let colors: Bool

    init(colors: Bool) {
        self.colors = colors
    }

    /// Paints the frame into curses' buffer (no output yet; the loop calls `doupdate`).
    /// `everything` repaints every cell, e.g. after C-l or when the terminal was disturbed.
    /// Returns whether any cell was drawn.
    @discardableResult
    mutating func paint(_ frame: Frame, everything: Bool = false) -> Bool {
        let screen = proptui_stdscr()
        let full = everything || previous?.width != frame.width || previous?.height != frame.height
        if full {
            werase(screen)
            if everything { clearok(screen, true) }
        }
        var drew = false
        for row in 0..<frame.height {
            for column in 0..<frame.width {
                let cell = frame[row, column]
                if cell.text.isEmpty { continue }  // the second half of a wide character
                if !full, let previous, previous[row, column] == cell { continue }
                let wide = column + 1 < frame.width && frame[row, column + 1].text.isEmpty
                put(cell, width: wide ? 2 : 1, row: Int32(row), column: Int32(column))
                drew = true
            }
        }
        wnoutrefresh(screen)
        previous = frame
        return drew || full
    }

    /// Forgets the last frame: the next paint draws every cell.
    mutating func invalidate() { previous = nil }

    private func put(_ cell: Frame.Cell, width: Int, row: Int32, column: Int32) {
        var attributes = proptui_a_normal()
        if cell.style.contains(.bold) { attributes |= proptui_a_bold() }
        if cell.style.contains(.dim) { attributes |= proptui_a_dim() }
        if cell.style.contains(.reverse) { attributes |= proptui_a_reverse() }
        if cell.style.contains(.underline) { attributes |= proptui_a_underline() }
        let pair = colors ? Int16(cell.color.rawValue) : 0
        let screen = proptui_stdscr()
        let text = Self.drawable(cell.text, width: width)
        var wide = text.unicodeScalars.map { wchar_t(bitPattern: $0.value) }
        wide.append(0)
        _ = proptui_mvadd_cell(screen, row, column, wide, attributes, pair)  // ERR at the last cell is expected
        if width == 2, Self.cursesWidth(of: text) == 1 {
            var blank: [wchar_t] = [0x20, 0]
            _ = proptui_mvadd_cell(screen, row, column + 1, &blank, attributes, pair)
        }
    }

    /// What to hand curses for a cluster so that curses and the frame agree on its width.
    static func drawable(_ text: String, width: Int) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.first else { return " " }
        let firstWidth = cursesWidth(of: String(first))
        // Whole only when the rest are zero-width marks (combining accents, VS16): in a ZWJ
        // sequence the later emoji are wide themselves, and a terminal that does not join
        // them (tmux, many others) would advance the cursor for each.
        let restIsZeroWidth = scalars.dropFirst().allSatisfy { cursesWidth(of: String($0)) == 0 }
        if firstWidth == width && restIsZeroWidth && scalars.count <= Int(proptui_cchar_max()) { return text }
        if firstWidth == width || (firstWidth == 1 && width == 2) { return String(first) }
        return "?"
    }

    static func cursesWidth(of text: String) -> Int {
        guard let first = text.unicodeScalars.first else { return 0 }
        return Int(proptui_wcwidth(wchar_t(bitPattern: first.value)))
    }

    /// Sets up a colour pair per `Frame.Color` (pair number = raw value), on the
    /// terminal's own background. Returns false if the terminal has no colour.
    static func setUpColors() -> Bool {
        guard has_colors() else { return false }
        start_color()
        use_default_colors()
        let colors: [Frame.Color: Int16] = [
            .red: Int16(COLOR_RED), .green: Int16(COLOR_GREEN), .yellow: Int16(COLOR_YELLOW),
            .blue: Int16(COLOR_BLUE), .magenta: Int16(COLOR_MAGENTA), .cyan: Int16(COLOR_CYAN),
        ]
        for (color, code) in colors { init_pair(Int16(color.rawValue), code, -1) }
        return true
    }
}
