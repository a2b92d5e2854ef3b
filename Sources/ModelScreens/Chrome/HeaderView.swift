import ScreenValues

/// The first line: the title (the screen's name, a list's order, a detail's record) on the
/// left; connection state, pending changes and the busy indicator on the right.
/// The state is a word or two; why is said on the status line and kept in `m`
/// (`ConnectionNotice`): a reason never pushes the sort order or the backend out. On a short
/// line, what matters least gives way first: the backend, then a load's progress (it says less,
/// "13,000/~50,000", then nothing: ⟳ still says that a load runs), then the names in the title
/// (cut with "…", the longest first, down to a character and "…"), then the blanks before the
/// right side (two, then one), and only then the end of the title (the sort order); the right
/// side, the connection and what waits, is never cut.
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

    /// A piece of the title: a name (the model's list, a form, a record) shortens with "…" on a
    /// short line; the rest (` · by creation`, ` › `, ` · read-only`) is kept while a name can.
    public struct TitlePart: Sendable, Equatable {
        public let text: String
        public let shortens: Bool

        public static func name(_ text: String) -> TitlePart { TitlePart(text: text, shortens: true) }
        public static func kept(_ text: String) -> TitlePart { TitlePart(text: text, shortens: false) }
    }

    let title: [TitlePart]
    /// Backend and auth mode, shown dim left of the connection state when there is room.
    let backend: String?
    let connection: Connection
    let pendingCount: Int
    let isBusy: Bool
    let progress: Progress?
    let palette: Palette

    /// Columns between the title and what is right of it (one when the title would be cut
    /// beyond its names otherwise).
    static let gap = 2

    public init(
        title: [TitlePart], backend: String?, connection: Connection, pendingCount: Int, isBusy: Bool, progress: Progress?,
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
        let partWidths = title.map { frame.columns(of: $0.text) }
        let titleWidth = partWidths.reduce(0, +)
        // The title ends with the sort order, which a load's progress never pushes out: the
        // progress says less ("13,000/~50,000"), then nothing (⟳ still says that a load runs).
        var right = ""
        for progressText in [progress.map(Self.progressText), progress.flatMap(Self.shortProgressText), nil] {
            var parts = ["\(symbol) \(word)"]
            if pendingCount > 0 { parts.append("\(NumberText.grouped(pendingCount)) pending") }
            if let progressText { parts.append(progressText) }
            if isBusy { parts.append("⟳") }
            right = parts.joined(separator: " · ")
            if 1 + titleWidth + Self.gap <= frame.width - 1 - frame.columns(of: right) { break }
        }
        let rightWidth = frame.columns(of: right)
        let rightColumn = max(1, frame.width - 1 - rightWidth)
        var titleEnd = rightColumn - Self.gap
        if let backend {
            let text = backend + " ·"
            let column = rightColumn - 1 - frame.columns(of: text)
            // The backend gives way to the whole title (it ends with the sort order).
            if column >= 1 + titleWidth + Self.gap {
                frame.draw(text, row: 0, column: column, style: .dim)
                titleEnd = column - Self.gap
            }
        }
        var x = 1
        for (part, width) in zip(title, titleWidths(partWidths, within: titleEnd - 1, in: frame)) {
            x += frame.draw(part.text, row: 0, column: x, width: width, style: .bold)
        }
        frame.draw(right, row: 0, column: rightColumn)
        // Only the connection word is coloured; the symbol and word say it without colour.
        frame.draw("\(symbol) \(word)", row: 0, column: rightColumn, color: palette(color))
    }

    /// The columns each part of the title is drawn in, within `room` (one more, the title
    /// coming within a blank of the right side, rather than cut beyond its names), measured as the
    /// frame draws them: a part cut to "…" alone goes, and what a cut leaves unused goes to the names.
    func titleWidths(_ partWidths: [Int], within room: Int, in frame: Frame) -> [Int] {
        var room = room
        let shortest = zip(title, partWidths).reduce(0) { $0 + ($1.0.shortens ? min(2, $1.1) : $1.1) }
        if shortest > room { room += Self.gap - 1 }
        var widths = Self.widths(partWidths, shortening: title.map(\.shortens), within: room)
        func shown(_ index: Int) -> String {
            TerminalText.truncated(title[index].text, toWidth: widths[index], separate: frame.separateClusters)
        }
        // A part cut to "…" alone (a space and "…", a wide character that did not fit) says nothing.
        func dropEmptyCuts() {
            for index in title.indices where widths[index] < partWidths[index] && shown(index).allSatisfy({ $0 == " " || $0 == "…" }) {
                widths[index] = 0
            }
        }
        dropEmptyCuts()
        // A name cut after a space, or before a wide character, takes fewer columns than it was
        // given: what is left goes to the names cut, the last (a detail's record) first.
        for index in title.indices.reversed() where title[index].shortens && widths[index] < partWidths[index] {
            let spare = room - title.indices.reduce(0) { $0 + frame.columns(of: shown($1)) }
            guard spare > 0 else { break }
            widths[index] = min(partWidths[index], frame.columns(of: shown(index)) + spare)
        }
        dropEmptyCuts()
        return widths
    }

    /// The columns each part of the title gets within `available`: all it takes when the whole
    /// title fits; else the names shorten, the longest first (the others keep theirs while it is
    /// longer), each to its first character and "…" at least; and when that is still too long,
    /// the parts are cut from the end. The sum is never more than `available`.
    static func widths(_ widths: [Int], shortening: [Bool], within available: Int) -> [Int] {
        let available = max(0, available)
        var result = widths
        let names = widths.indices.filter { shortening[$0] }
        let kept = widths.indices.filter { !shortening[$0] }.reduce(0) { $0 + widths[$1] }
        if widths.reduce(0, +) > available, !names.isEmpty {
            // The widest cap every name can be cut to so that they fit, but never below two
            // columns (a character and "…"): a name shortened further says nothing.
            let floor = 2
            let budget = available - kept
            let sorted = names.map { widths[$0] }.sorted()
            var cap = sorted.last ?? 0
            var below = 0
            for (index, width) in sorted.enumerated() {
                let above = sorted.count - index
                if below + above * width > budget {
                    cap = (budget - below) / above
                    break
                }
                below += width
            }
            cap = max(cap, floor)
            var spare = max(0, budget - names.reduce(0) { $0 + min(widths[$1], cap) })
            for index in names {
                result[index] = min(widths[index], cap)
                if result[index] < widths[index], spare > 0 {
                    result[index] += 1
                    spare -= 1
                }
            }
        }
        // What still does not fit is cut from the end; a part left less than two columns ("…"
        // alone, which says nothing) goes, and a name cut before it gets them back.
        var left = available
        for index in result.indices {
            result[index] = min(result[index], left)
            if result[index] < min(2, widths[index]) { result[index] = 0 }
            left -= result[index]
        }
        for index in names where result[index] > 0 {
            let more = min(left, widths[index] - result[index])
            result[index] += more
            left -= more
        }
        return result
    }

    /// "loading 35,000 of ~1,000,000", or "loading 35,000…" with nothing to guess the total from.
    static func progressText(_ progress: Progress) -> String {
        let loaded = NumberText.grouped(progress.loaded)
        guard let expected = progress.expected else { return "loading \(loaded)…" }
        return "loading \(loaded) of ~\(NumberText.grouped(expected))"
    }

    /// The same in fewer columns: "35,000/~1,000,000", "35,000…"; nothing before the first page
    /// ("0…" said less than ⟳, which stays).
    static func shortProgressText(_ progress: Progress) -> String? {
        let loaded = NumberText.grouped(progress.loaded)
        guard let expected = progress.expected else { return progress.loaded > 0 ? "\(loaded)…" : nil }
        return "\(loaded)/~\(NumberText.grouped(expected))"
    }
}
