import ScreenValues

/// The first line: the title (and, in details, the property's name) on the
/// left; connection state, pending changes and the busy indicator on the right.
/// The state is a word or two; why is said on the status line and kept in `m`
/// (`ConnectionNotice`): a reason never pushes the sort order or the backend out, and a load's
/// progress shortens before the sort order is cut.
public struct HeaderView {
    /// The connection in a mark and a word or two (`● online`), and its colour.
    public struct Connection: Sendable {
        let symbol: String
        let word: String
        let color: Frame.Color

        public init(symbol: String, word: String, color: Frame.Color) {
            self.symbol = symbol
            self.word = word
            self.color = color
        }
    }

    /// How far a whole read of a list has got: records read, of about how many (nil: no guess).
    public struct Progress: Sendable, Equatable {
        public let loaded: Int
        public let expected: Int?

        public init(loaded: Int, expected: Int?) {
            self.loaded = loaded
            self.expected = expected
        }
    }

    let title: String
    /// Backend and auth mode, shown dim left of the connection state when there is room.
    let backend: String?
    let connection: Connection
    let pendingCount: Int
    let isBusy: Bool
    let progress: Progress?
    let palette: Palette

    public init(
        title: String, backend: String?, connection: Connection, pendingCount: Int, isBusy: Bool, progress: Progress?,
        palette: Palette
    ) {
        self.title = title
        self.backend = backend
        self.connection = connection
        self.pendingCount = pendingCount
        self.isBusy = isBusy
        self.progress = progress
        self.palette = palette
    }

    public func draw(into frame: inout Frame) {
        frame.fillRow(0)
        let (symbol, word, color) = (connection.symbol, connection.word, connection.color)
        let titleWidth = frame.columns(of: title)
        // The title ends with the sort order, which a load's progress never pushes out: the
        // progress says less ("13,000/~50,000"), then nothing (⟳ still says that a load runs).
        var right = ""
        for progressText in [progress.map(Self.progressText), progress.map(Self.shortProgressText), nil] {
            var parts = ["\(symbol) \(word)"]
            if pendingCount > 0 { parts.append("\(pendingCount) pending") }
            if let progressText { parts.append(progressText) }
            if isBusy { parts.append("⟳") }
            right = parts.joined(separator: " · ")
            if 1 + titleWidth + 2 <= frame.width - 1 - frame.columns(of: right) { break }
        }
        let rightWidth = frame.columns(of: right)
        let rightColumn = max(1, frame.width - 1 - rightWidth)
        var titleEnd = rightColumn - 2
        if let backend {
            let text = backend + " ·"
            let column = rightColumn - 1 - frame.columns(of: text)
            // The backend gives way to the whole title (it ends with the sort order).
            if column >= 1 + titleWidth + 2 {
                frame.draw(text, row: 0, column: column, style: .dim)
                titleEnd = column - 2
            }
        }
        frame.draw(title, row: 0, column: 1, width: max(0, titleEnd), style: .bold)
        frame.draw(right, row: 0, column: rightColumn)
        // Only the connection word is coloured; the symbol and word say it without colour.
        frame.draw("\(symbol) \(word)", row: 0, column: rightColumn, color: palette(color))
    }

    /// "loading 35,000 of ~1,000,000", or "loading 35,000…" with nothing to guess the total from.
    static func progressText(_ progress: Progress) -> String {
        let loaded = NumberText.grouped(progress.loaded)
        guard let expected = progress.expected else { return "loading \(loaded)…" }
        return "loading \(loaded) of ~\(NumberText.grouped(expected))"
    }

    /// The same in fewer columns: "35,000/~1,000,000".
    static func shortProgressText(_ progress: Progress) -> String {
        let loaded = NumberText.grouped(progress.loaded)
        guard let expected = progress.expected else { return "\(loaded)…" }
        return "\(loaded)/~\(NumberText.grouped(expected))"
    }
}
