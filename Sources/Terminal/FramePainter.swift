import CNcurses
import ScreenValues

/// Copies frames to curses' standard screen, only the cells that changed since
/// the last frame (curses then sends only what differs from the terminal).
///
/// A cell's width comes from the frame (measured per grapheme cluster by TUI).
/// Curses gives a cell the width of its first scalar and the terminal advances by
/// what it renders, so an emoji cluster (👨‍👩‍👧, 🇯🇵, ❤️, 1️⃣, 👍🏽) is drawn in the way
/// this terminal advances exactly as curses counts (`ClusterRendering`, asked at
/// start-up): whole in one cell, or its scalars in cells of their own, padded with
/// blanks to the frame's width. Only where neither holds is a stand-in drawn (its
/// first scalar). Curses' idea of the cursor and the terminal's never drift apart.
struct FramePainter {
    private var previous: Frame?
    let colors: Bool
    let clusters: ClusterRendering

    init(colors: Bool, clusters: ClusterRendering = .unknown) {
        self.colors = colors
        self.clusters = clusters
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
        var x = column
        for piece in Self.pieces(cell.text, width: width, clusters: clusters) {
            var wide = piece.text.unicodeScalars.map { wchar_t(bitPattern: $0.value) }
            _ = proptui_mvadd_cluster(screen, row, x, &wide, Int32(wide.count), attributes, pair)  // ERR at the last cell is expected
            x += Int32(piece.columns)
        }
        while x < column + Int32(width) {
            var blank: [wchar_t] = [0x20]
            _ = proptui_mvadd_cluster(screen, row, x, &blank, 1, attributes, pair)
            x += 1
        }
    }

    /// What to hand curses for a cluster `width` columns wide: cells drawn left to right,
    /// each with the columns curses (and, by the probe, the terminal) gives it; the rest
    /// of the width is padded with blanks.
    static func pieces(_ text: String, width: Int, clusters: ClusterRendering) -> [(text: String, columns: Int)] {
        let scalars = text.unicodeScalars
        guard let first = scalars.first else { return [] }
        let firstWidth = cursesWidth(of: String(first))
        let fitsOneCell = scalars.count <= Int(proptui_cchar_max())
        let kinds = ClusterKind.kinds(of: text)
        // A single scalar or a letter with combining marks: every terminal advances as for the
        // first. Otherwise the terminal must join each kind the cluster is of, as the probe saw.
        if firstWidth >= 1, firstWidth <= width, fitsOneCell, kinds.allSatisfy(clusters.joinsInFirstScalarWidth) {
            return [(text, firstWidth)]
        }
        if !kinds.isEmpty, kinds.allSatisfy(clusters.advancesForEachScalar) {
            let separate = separateCells(scalars)
            let separateWidth = separate.reduce(0) { $0 + $1.columns }
            if separateWidth <= width, separate.allSatisfy({ $0.text.unicodeScalars.count <= Int(proptui_cchar_max()) }) {
                return separate
            }
        }
        return [stand(in: first, width: width)]
    }

    /// The cells curses itself would make of the scalars: each spacing scalar with the
    /// zero-width ones after it. Joiners are left out (invisible): a terminal that joins
    /// what follows one would draw the next cell into this one.
    static func separateCells(_ scalars: String.UnicodeScalarView) -> [(text: String, columns: Int)] {
        var cells: [(text: String, columns: Int)] = []
        for scalar in scalars where scalar.value != 0x200D {
            let width = max(0, cursesWidth(of: String(scalar)))
            if width == 0, !cells.isEmpty {
                cells[cells.count - 1].text.unicodeScalars.append(scalar)
            } else {
                cells.append((String(scalar), width))
            }
        }
        return cells
    }

    /// The first scalar alone when curses measures it within the width, else "?".
    private static func stand(in first: Unicode.Scalar, width: Int) -> (text: String, columns: Int) {
        let firstWidth = cursesWidth(of: String(first))
        return firstWidth >= 1 && firstWidth <= width ? (String(first), firstWidth) : ("?", 1)
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
