import ScreenValues

/// How the terminal renders each kind of emoji cluster: the columns it advances the
/// cursor for the kind's sample (`ClusterKind.sample`). Learnt at start-up by
/// `ClusterProbe`, or set with `PROPTUI_CLUSTERS`; unknown kinds are drawn the safe way.
public struct ClusterRendering: Sendable, Equatable {
    /// Columns the terminal advanced for each kind's sample.
    var advances: [ClusterKind: Int]

    init(advances: [ClusterKind: Int]) {
        self.advances = advances
    }

    /// Nothing known: every kind gets the drawing that cannot move the cursor wrongly.
    public static let unknown = ClusterRendering(advances: [:])

    /// A terminal that draws every kind as one glyph two columns wide (kitty, WezTerm,
    /// recent iTerm2 and VTE).
    public static let joined = ClusterRendering(
        advances: Dictionary(uniqueKeysWithValues: ClusterKind.allCases.map { ($0, 2) }))

    /// The kinds to lay out a scalar at a time: the terminal advanced for each scalar of the
    /// sample, as curses counts them, more than the two columns a joined glyph takes (👍🏽 as
    /// 👍 and 🏽 in tmux 3.3a). The painter can then draw each scalar in cells of its own.
    public var separatelyDrawn: Set<ClusterKind> {
        Set(ClusterKind.allCases.filter { kind in
            advancesForEachScalar(kind) && !joinsInFirstScalarWidth(kind) && Self.separateWidth(of: kind) > 2
        })
    }

    /// Whether the terminal draws the kind's sample in the columns curses gives its first
    /// scalar (the width of the cell curses keeps the whole cluster in).
    func joinsInFirstScalarWidth(_ kind: ClusterKind) -> Bool {
        guard let advance = advances[kind], let first = kind.sample.unicodeScalars.first else { return false }
        return advance == FramePainter.cursesWidth(of: String(first))
    }

    /// Whether the terminal advanced for the kind's sample as much as for its scalars drawn
    /// one after the other (as curses counts them).
    func advancesForEachScalar(_ kind: ClusterKind) -> Bool {
        advances[kind] == Self.separateWidth(of: kind)
    }

    private static func separateWidth(of kind: ClusterKind) -> Int {
        FramePainter.separateCells(kind.sample.unicodeScalars).reduce(0) { $0 + $1.columns }
    }

    /// `PROPTUI_CLUSTERS`: `joined` (every kind one wide glyph), `safe` (draw nothing the
    /// terminal might measure differently), anything else or unset: ask the terminal.
    /// Returns nil when the terminal is to be asked.
    public static func fromEnvironment(_ environment: [String: String]) -> ClusterRendering? {
        switch environment["PROPTUI_CLUSTERS"] {
        case "joined": .joined
        case "safe": .unknown
        default: nil
        }
    }

    /// The advance for a kind read from the terminal's cursor position reports
    /// (`ESC [ row ; column R`), one per kind in `ClusterKind.allCases` order, each after
    /// the sample was written from column 1. Missing or garbled answers leave kinds unknown.
    static func fromCursorReports(_ bytes: [UInt8]) -> ClusterRendering {
        var columns: [Int] = []
        var index = 0
        while index < bytes.count {
            // ESC [ digits ; digits R
            guard bytes[index] == 0x1B, index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "[") else {
                index += 1
                continue
            }
            var cursor = index + 2
            var numbers: [Int] = [0]
            var valid = false
            while cursor < bytes.count {
                let byte = bytes[cursor]
                if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                    numbers[numbers.count - 1] = min(numbers[numbers.count - 1] * 10 + Int(byte - UInt8(ascii: "0")), 10_000)
                } else if byte == UInt8(ascii: ";") {
                    numbers.append(0)
                } else {
                    valid = byte == UInt8(ascii: "R") && numbers.count == 2
                    break
                }
                cursor += 1
            }
            if valid { columns.append(numbers[1]) }
            index = cursor + 1
        }
        var advances: [ClusterKind: Int] = [:]
        for (kind, column) in zip(ClusterKind.allCases, columns) where column >= 1 {
            advances[kind] = column - 1
        }
        return ClusterRendering(advances: advances)
    }
}
