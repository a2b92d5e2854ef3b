import ScreenValues

/// A terminal's screen as a program sees it drawn: a grid of cells fed with the bytes the
/// program writes. It models what ncurses sends an `xterm-256color` terminal (cursor motion,
/// erasing, inserting and deleting characters and lines, scroll regions, SGR attributes and
/// colours, the alternate screen, autowrap, UTF-8 with wide and combining characters) so
/// that a demo can wait for and check text on screen; it is not a general-purpose emulator.
/// Widths follow the app's own rule (`Character.terminalWidth`), so the model lays text out
/// the way the app meant it.
public struct VirtualScreen: Sendable {
    public private(set) var width: Int
    public private(set) var height: Int
    /// Where the next character goes (0-based).
    public private(set) var cursorRow = 0
    public private(set) var cursorColumn = 0
    public private(set) var cursorVisible = true
    public private(set) var usingAlternateScreen = false
    /// DECCKM: the program asked for cursor keys as ESC O A… (curses does, with keypad on).
    public private(set) var applicationCursorKeys = false

    private var cells: [[ScreenCell]]
    private var savedMainScreen: [[ScreenCell]]?
    private var style = CellStyle()
    /// Set after drawing in the last column: the next character wraps first (DEC autowrap).
    private var wrapPending = false
    private var autowrap = true
    private var insertMode = false
    private var scrollTop = 0
    private var scrollBottom: Int
    private var saved: (row: Int, column: Int, style: CellStyle, graphics: Bool)?
    private var tabStops: Set<Int>
    /// ESC ( 0 selects DEC line drawing for G0 (ncurses may use it for ACS characters).
    private var lineDrawing = false
    private var parser = EscapeSequenceParser()

    public init(width: Int, height: Int) {
        precondition(width > 0 && height > 0, "a screen needs at least one cell")
        self.width = width
        self.height = height
        cells = Self.blankGrid(width: width, height: height, style: CellStyle())
        scrollBottom = height - 1
        tabStops = Set(stride(from: 8, to: width, by: 8))
    }

    /// Draws what a program wrote to the terminal.
    public mutating func feed<Bytes: Sequence<UInt8>>(_ bytes: Bytes) {
        for action in parser.parse(bytes) { perform(action) }
    }

    public mutating func feed(_ text: String) { feed(Array(text.utf8)) }

    // MARK: Reading the screen

    public func cell(row: Int, column: Int) -> ScreenCell { cells[row][column] }

    /// One line's text, without trailing blanks (the right halves of wide characters add nothing).
    public func line(_ row: Int) -> String {
        var text = cells[row].map(\.text).joined()
        while text.last == " " { text.removeLast() }
        return text
    }

    /// Every line, top to bottom.
    public var lines: [String] { (0..<height).map(line) }

    /// The screen as text: its lines joined with newlines, trailing blank lines dropped.
    public var text: String {
        var all = lines
        while all.last?.isEmpty == true { all.removeLast() }
        return all.joined(separator: "\n")
    }

    /// Whether `needle` is on screen, within one line (text drawn over two lines does not count).
    public func contains(_ needle: String) -> Bool {
        lines.contains { $0.contains(needle) }
    }

    // MARK: Actions

    private mutating func perform(_ action: TerminalAction) {
        switch action {
        case .print(let scalar): print(scalar)
        case .control(let byte): control(byte)
        case .escape(let intermediates, let final): escape(intermediates, final)
        case .controlSequence(let marker, let parameters, let intermediates, let final):
            guard intermediates.isEmpty else { return }  // DECSCUSR, DECSTR… change nothing drawn
            if let marker {
                if marker == UInt8(ascii: "?"), final == UInt8(ascii: "h") || final == UInt8(ascii: "l") {
                    setPrivateModes(parameters, on: final == UInt8(ascii: "h"))
                }
                return
            }
            controlSequence(parameters, final)
        }
    }

    private mutating func print(_ scalar: Unicode.Scalar) {
        let scalar = lineDrawing ? Self.decLineDrawing[scalar] ?? scalar : scalar
        let width = Character(scalar).terminalWidth
        if width == 0 || joinsPreviousCell() {
            attachToPreviousCell(scalar)
            return
        }
        if wrapPending && autowrap {
            cursorColumn = 0
            lineFeed()
        }
        wrapPending = false
        if width == 2 && cursorColumn == self.width - 1 {
            // A wide character does not fit in the last column: it goes to the next line.
            clearHalves(row: cursorRow, column: cursorColumn)
            cells[cursorRow][cursorColumn] = .blank(style)
            guard autowrap else { return }
            cursorColumn = 0
            lineFeed()
        }
        if insertMode { insertBlanks(width) }
        clearHalves(row: cursorRow, column: cursorColumn)
        if width == 2 { clearHalves(row: cursorRow, column: cursorColumn + 1) }
        cells[cursorRow][cursorColumn] = ScreenCell(text: String(scalar), width: width, style: style)
        if width == 2 { cells[cursorRow][cursorColumn + 1] = ScreenCell(text: "", width: 0, style: style) }
        if cursorColumn + width >= self.width {
            cursorColumn = self.width - 1
            wrapPending = true
        } else {
            cursorColumn += width
        }
    }

    /// The cell just written (left of the cursor, or under it when a wrap is pending).
    private var previousCell: (row: Int, column: Int)? {
        var column = wrapPending ? cursorColumn : cursorColumn - 1
        guard column >= 0 else { return nil }
        if cells[cursorRow][column].width == 0, column > 0 { column -= 1 }
        return (cursorRow, column)
    }

    /// After a zero-width joiner the next scalar is part of the same emoji.
    private func joinsPreviousCell() -> Bool {
        guard let (row, column) = previousCell else { return false }
        return cells[row][column].text.unicodeScalars.last?.value == 0x200D
    }

    private mutating func attachToPreviousCell(_ scalar: Unicode.Scalar) {
        guard let (row, column) = previousCell else { return }
        cells[row][column].text.unicodeScalars.append(scalar)
    }

    private mutating func control(_ byte: UInt8) {
        switch byte {
        case 0x08:  // BS
            if wrapPending { wrapPending = false } else { cursorColumn = max(0, cursorColumn - 1) }
        case 0x09:  // HT
            cursorColumn = tabStops.filter { $0 > cursorColumn }.min() ?? width - 1
            wrapPending = false
        case 0x0A, 0x0B, 0x0C: lineFeed()
        case 0x0D:
            cursorColumn = 0
            wrapPending = false
        case 0x0E: lineDrawing = true  // SO: G1, which ncurses never points elsewhere than line drawing
        case 0x0F: lineDrawing = false
        default: break
        }
    }

    private mutating func escape(_ intermediates: [UInt8], _ final: UInt8) {
        if intermediates == [UInt8(ascii: "(")] {
            lineDrawing = final == UInt8(ascii: "0")
            return
        }
        guard intermediates.isEmpty else { return }
        switch final {
        case UInt8(ascii: "7"): saveCursor()
        case UInt8(ascii: "8"): restoreCursor()
        case UInt8(ascii: "D"): lineFeed()
        case UInt8(ascii: "E"):
            cursorColumn = 0
            lineFeed()
        case UInt8(ascii: "M"): reverseIndex()
        case UInt8(ascii: "H"): tabStops.insert(cursorColumn)
        case UInt8(ascii: "c"): self = VirtualScreen(width: width, height: height)
        default: break  // ESC = and ESC > (keypad modes) change nothing drawn
        }
    }

    private mutating func controlSequence(_ parameters: [Int?], _ final: UInt8) {
        /// The n-th parameter, with 0 or missing read as `fallback`.
        func count(_ index: Int = 0, _ fallback: Int = 1) -> Int {
            let value = index < parameters.count ? parameters[index] ?? 0 : 0
            return value == 0 ? fallback : value
        }
        let value0 = parameters.first.flatMap { $0 } ?? 0
        switch Character(Unicode.Scalar(final)) {
        case "@": insertBlanks(count())
        case "A": moveCursor(row: max(cursorRow - count(), cursorRow >= scrollTop ? scrollTop : 0), column: cursorColumn)
        case "B", "e": moveCursor(row: min(cursorRow + count(), cursorRow <= scrollBottom ? scrollBottom : height - 1), column: cursorColumn)
        case "C", "a": moveCursor(row: cursorRow, column: cursorColumn + count())
        case "D": moveCursor(row: cursorRow, column: cursorColumn - count())
        case "E": moveCursor(row: cursorRow + count(), column: 0)
        case "F": moveCursor(row: cursorRow - count(), column: 0)
        case "G", "`": moveCursor(row: cursorRow, column: count() - 1)
        case "H", "f": moveCursor(row: count(0) - 1, column: count(1) - 1)
        case "I":
            for _ in 0..<count() { control(0x09) }
        case "J": eraseInDisplay(value0)
        case "K": eraseInLine(value0)
        case "L": insertLines(count())
        case "M": deleteLines(count())
        case "P": deleteCharacters(count())
        case "S": scrollUp(count())
        case "T": scrollDown(count())
        case "X": eraseCharacters(count())
        case "Z":
            for _ in 0..<count() { cursorColumn = tabStops.filter { $0 < cursorColumn }.max() ?? 0 }
        case "b": repeatLastCharacter(count())
        case "d": moveCursor(row: count() - 1, column: cursorColumn)
        case "g":
            if value0 == 3 { tabStops = [] } else if value0 == 0 { tabStops.remove(cursorColumn) }
        case "h", "l":
            if parameters.contains(4) { insertMode = final == UInt8(ascii: "h") }
        case "m": style.apply(sgr: parameters)
        case "r":
            let top = count(0) - 1
            let bottom = count(1, height) - 1
            if top < bottom, bottom < height {
                scrollTop = top
                scrollBottom = bottom
                moveCursor(row: 0, column: 0)
            }
        case "s": saveCursor()
        case "u": restoreCursor()
        default: break  // device status, window operations and the like: nothing drawn changes
        }
    }

    private mutating func setPrivateModes(_ modes: [Int?], on: Bool) {
        for mode in modes.compactMap({ $0 }) {
            switch mode {
            case 1: applicationCursorKeys = on
            case 7: autowrap = on
            case 25: cursorVisible = on
            case 47, 1047, 1049:
                if mode == 1049 && on { saveCursor() }
                switchScreen(alternate: on)
                if mode == 1049 && !on { restoreCursor() }
            default: break
            }
        }
    }

    // MARK: Editing the grid

    private mutating func moveCursor(row: Int, column: Int) {
        cursorRow = min(max(row, 0), height - 1)
        cursorColumn = min(max(column, 0), width - 1)
        wrapPending = false
    }

    private mutating func lineFeed() {
        wrapPending = false
        if cursorRow == scrollBottom {
            scrollUp(1)
        } else if cursorRow < height - 1 {
            cursorRow += 1
        }
    }

    private mutating func reverseIndex() {
        wrapPending = false
        if cursorRow == scrollTop {
            scrollDown(1)
        } else if cursorRow > 0 {
            cursorRow -= 1
        }
    }

    private mutating func scrollUp(_ lines: Int) {
        let lines = min(lines, scrollBottom - scrollTop + 1)
        cells.removeSubrange(scrollTop..<(scrollTop + lines))
        cells.insert(contentsOf: Array(repeating: blankLine, count: lines), at: scrollBottom - lines + 1)
    }

    private mutating func scrollDown(_ lines: Int) {
        let lines = min(lines, scrollBottom - scrollTop + 1)
        cells.removeSubrange((scrollBottom - lines + 1)...scrollBottom)
        cells.insert(contentsOf: Array(repeating: blankLine, count: lines), at: scrollTop)
    }

    private mutating func insertLines(_ count: Int) {
        guard (scrollTop...scrollBottom).contains(cursorRow) else { return }
        let count = min(count, scrollBottom - cursorRow + 1)
        cells.removeSubrange((scrollBottom - count + 1)...scrollBottom)
        cells.insert(contentsOf: Array(repeating: blankLine, count: count), at: cursorRow)
        cursorColumn = 0
        wrapPending = false
    }

    private mutating func deleteLines(_ count: Int) {
        guard (scrollTop...scrollBottom).contains(cursorRow) else { return }
        let count = min(count, scrollBottom - cursorRow + 1)
        cells.removeSubrange(cursorRow..<(cursorRow + count))
        cells.insert(contentsOf: Array(repeating: blankLine, count: count), at: scrollBottom - count + 1)
        cursorColumn = 0
        wrapPending = false
    }

    private mutating func insertBlanks(_ count: Int) {
        let count = min(count, width - cursorColumn)
        clearHalves(row: cursorRow, column: cursorColumn)
        cells[cursorRow].insert(contentsOf: Array(repeating: .blank(style), count: count), at: cursorColumn)
        cells[cursorRow].removeLast(count)
        clearHalves(row: cursorRow, column: width - 1)
        wrapPending = false
    }

    private mutating func deleteCharacters(_ count: Int) {
        let count = min(count, width - cursorColumn)
        clearHalves(row: cursorRow, column: cursorColumn)
        clearHalves(row: cursorRow, column: cursorColumn + count - 1)
        cells[cursorRow].removeSubrange(cursorColumn..<(cursorColumn + count))
        cells[cursorRow].append(contentsOf: Array(repeating: .blank(style), count: count))
        wrapPending = false
    }

    private mutating func eraseCharacters(_ count: Int) {
        erase(row: cursorRow, columns: cursorColumn..<min(width, cursorColumn + count))
        wrapPending = false
    }

    private mutating func eraseInLine(_ mode: Int) {
        switch mode {
        case 0: erase(row: cursorRow, columns: cursorColumn..<width)
        case 1: erase(row: cursorRow, columns: 0..<(cursorColumn + 1))
        default: erase(row: cursorRow, columns: 0..<width)
        }
        wrapPending = false
    }

    private mutating func eraseInDisplay(_ mode: Int) {
        switch mode {
        case 0:
            eraseInLine(0)
            for row in (cursorRow + 1)..<height { erase(row: row, columns: 0..<width) }
        case 1:
            for row in 0..<cursorRow { erase(row: row, columns: 0..<width) }
            eraseInLine(1)
        default:
            for row in 0..<height { erase(row: row, columns: 0..<width) }
        }
    }

    private mutating func erase(row: Int, columns: Range<Int>) {
        guard !columns.isEmpty else { return }
        clearHalves(row: row, column: columns.lowerBound)
        clearHalves(row: row, column: columns.upperBound - 1)
        for column in columns { cells[row][column] = .blank(style) }
    }

    /// Writing over either half of a wide character blanks the other half too.
    private mutating func clearHalves(row: Int, column: Int) {
        guard column >= 0, column < width else { return }
        if cells[row][column].width == 0, column > 0 { cells[row][column - 1] = .blank(cells[row][column - 1].style) }
        if cells[row][column].width == 2, column + 1 < width {
            cells[row][column + 1] = .blank(cells[row][column + 1].style)
        }
    }

    private mutating func repeatLastCharacter(_ count: Int) {
        guard let (row, column) = previousCell, let scalar = cells[row][column].text.unicodeScalars.first else { return }
        for _ in 0..<min(count, width * height) { print(scalar) }
    }

    private mutating func saveCursor() {
        saved = (cursorRow, cursorColumn, style, lineDrawing)
    }

    private mutating func restoreCursor() {
        guard let saved else {
            moveCursor(row: 0, column: 0)
            return
        }
        moveCursor(row: saved.row, column: saved.column)
        style = saved.style
        lineDrawing = saved.graphics
    }

    private mutating func switchScreen(alternate: Bool) {
        guard alternate != usingAlternateScreen else { return }
        if alternate {
            savedMainScreen = cells
            cells = Self.blankGrid(width: width, height: height, style: CellStyle())
        } else {
            cells = savedMainScreen ?? Self.blankGrid(width: width, height: height, style: CellStyle())
            savedMainScreen = nil
        }
        usingAlternateScreen = alternate
        wrapPending = false
    }

    private var blankLine: [ScreenCell] { Array(repeating: .blank(style), count: width) }

    private static func blankGrid(width: Int, height: Int, style: CellStyle) -> [[ScreenCell]] {
        Array(repeating: Array(repeating: .blank(style), count: width), count: height)
    }

    /// The DEC special graphics set's box-drawing characters (ESC ( 0), as Unicode.
    private static let decLineDrawing: [Unicode.Scalar: Unicode.Scalar] = [
        "j": "┘", "k": "┐", "l": "┌", "m": "└", "n": "┼", "q": "─", "t": "├", "u": "┤", "v": "┴", "w": "┬",
        "x": "│", "a": "▒", "`": "◆", "f": "°", "g": "±", "~": "·", "y": "≤", "z": "≥", "{": "π", "|": "≠", "}": "£",
        "o": "⎺", "p": "⎻", "r": "⎼", "s": "⎽", "0": "█",
    ]
}
