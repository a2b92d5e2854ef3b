/// What the screen shows, as a grid of cells: the views draw into it, the
/// `Terminal` module copies it to ncurses, tests compare it as plain text.
public struct Frame: Sendable, Equatable {
    public struct Cell: Sendable, Equatable {
        /// One grapheme cluster; a wide character's second column holds "".
        public var text: String
        public var style: Style
        /// Foreground colour. Never the only carrier of meaning: every coloured
        /// thing also has a mark or a word, so `NO_COLOR` loses nothing.
        public var color: Color

        public init(_ text: String = " ", style: Style = .normal, color: Color = .default) {
            self.text = text
            self.style = style
            self.color = color
        }
    }

    public struct Style: OptionSet, Sendable, Hashable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        public static let normal: Style = []
        public static let bold = Style(rawValue: 1 << 0)
        public static let dim = Style(rawValue: 1 << 1)
        public static let reverse = Style(rawValue: 1 << 2)
        public static let underline = Style(rawValue: 1 << 3)
    }

    /// The few foreground colours the views use, on the terminal's own background.
    public enum Color: UInt8, Sendable, Hashable, CaseIterable {
        case `default`, red, green, yellow, blue, magenta, cyan
    }

    public let width: Int
    public let height: Int
    public private(set) var cells: [Cell]
    /// The kinds of emoji cluster the terminal draws a scalar at a time (it advances for
    /// each): text drawn here lays them out as their scalars, so columns stay true.
    public let separateClusters: Set<ClusterKind>

    public init(width: Int, height: Int, separateClusters: Set<ClusterKind> = []) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.separateClusters = separateClusters
        cells = Array(repeating: Cell(), count: self.width * self.height)
    }

    public subscript(row: Int, column: Int) -> Cell {
        get { cells[row * width + column] }
        set { cells[row * width + column] = newValue }
    }

    /// The frame as text, a line per row, trailing blanks kept: the snapshot format.
    public var plainText: String {
        (0..<height).map { row in
            (0..<width).map { self[row, $0].text }.joined()
        }.joined(separator: "\n")
    }
}
