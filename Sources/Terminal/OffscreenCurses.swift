import CNcurses
import Glibc

/// ncurses on a terminal that is not the user's: `newterm` over /dev/null. Lets
/// tests (and a headless check) drive the real library without a tty.
public final class OffscreenCurses {
    private let screen: OpaquePointer
    private let output: UnsafeMutablePointer<FILE>
    private let input: UnsafeMutablePointer<FILE>

    public struct Unavailable: Error, CustomStringConvertible {
        public let description: String
    }

    /// `inputDescriptor`: where keys come from (a pipe in tests); /dev/null when nil.
    /// The descriptor is duplicated, so the caller still owns it.
    public init(
        terminalType: String = "xterm-256color", lines: Int32 = 24, columns: Int32 = 80, inputDescriptor: Int32? = nil
    ) throws {
        TerminalLocale.enableUTF8()
        let openInput = { inputDescriptor.map { fdopen(dup($0), "r") } ?? fopen("/dev/null", "r") }
        guard let output = fopen("/dev/null", "w"), let input = openInput() else {
            throw Unavailable(description: "cannot open /dev/null")
        }
        use_env(false)  // take the size from the terminfo/resizeterm below, not from the environment
        guard let screen = newterm(terminalType, output, input) else {
            fclose(output)
            fclose(input)
            throw Unavailable(description: "ncurses does not know the terminal type \(terminalType)")
        }
        self.screen = screen
        self.output = output
        self.input = input
        resizeterm(lines, columns)
        // A pipe is not a terminal set to 8 bits (CS8), so curses would strip the 8th bit of
        // every byte read; a real terminal gives it whole (`meta` only says so here: its
        // output goes to /dev/null). And the paste markers, as the app's session binds them.
        meta(proptui_stdscr(), true)
        nonl()  // Return comes as CR, as the app's session reads it
        proptui_define_paste_keys()
    }

    deinit {
        endwin()
        delscreen(screen)
        fclose(output)
        fclose(input)
    }

    public var size: (lines: Int, columns: Int) {
        (Int(proptui_maxy(proptui_stdscr())), Int(proptui_maxx(proptui_stdscr())))
    }

    /// Writes one grapheme cluster at a position.
    public func put(_ text: String, line: Int32, column: Int32) -> Bool {
        var wide = text.unicodeScalars.map { wchar_t(bitPattern: $0.value) }
        wide.append(0)
        return proptui_mvadd_cell(proptui_stdscr(), line, column, wide, proptui_a_normal(), 0) != ERR
    }

    /// Reads back the text of one cell.
    public func text(line: Int32, column: Int32) -> String { cell(line: line, column: column).text }

    /// Reads back one cell: its text, attributes (`A_*`, without the colour) and colour pair.
    public func cell(line: Int32, column: Int32) -> (text: String, attributes: attr_t, pair: Int16) {
        var cell = cchar_t()
        guard mvwin_wch(proptui_stdscr(), line, column, &cell) != ERR else { return ("", 0, 0) }
        var wide = [wchar_t](repeating: 0, count: 8)
        var attrs: attr_t = 0
        var pair: Int16 = 0
        guard getcchar(&cell, &wide, &attrs, &pair, nil) != ERR else { return ("", 0, 0) }
        let scalars = wide.prefix { $0 != 0 }.compactMap { Unicode.Scalar(UInt32(bitPattern: $0)) }
        return (String(String.UnicodeScalarView(scalars)), attrs & ~proptui_color_pair(0xFF), pair)
    }

    /// One line as text, a cell at a time (the second column of a wide character reads as "").
    public func line(_ line: Int32) -> String {
        var text = ""
        var column: Int32 = 0
        while column < Int32(size.columns) {
            let cellText = self.text(line: line, column: column)
            text += cellText
            column += cellText.unicodeScalars.first.map { Self.width(of: $0) >= 2 ? 2 : 1 } ?? 1
        }
        return text
    }

    /// The column width ncurses gives a character.
    public static func width(of scalar: Unicode.Scalar) -> Int {
        Int(proptui_wcwidth(wchar_t(bitPattern: scalar.value)))
    }
}
