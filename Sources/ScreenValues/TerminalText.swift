/// Text from the server (or anywhere else) made safe to show: no control
/// character or escape sequence ever reaches the terminal, and long text is cut
/// at a grapheme boundary with an ellipsis.
public enum TerminalText {
    /// The text with every control character replaced by a visible stand-in: C0
    /// controls and DEL by their Control Pictures (U+2400 block: ESC → ␛, LF → ␊),
    /// C1 controls and bidirectional overrides (which can disguise text) by �.
    public static func sanitized(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsReplacement) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            result.append(replacement(for: scalar))
        }
        return String(result)
    }

    /// The text with every character `sanitized` replaces written as a Swift escape
    /// (`\u{1B}`, `\u{202E}`): for a log, which is read with `tail -f` and `grep`, where a
    /// stand-in would hide which character came, and a raw one would run in the reader's terminal.
    /// A line break is escaped too, so that one log line is one message.
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsReplacement) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if needsReplacement(scalar) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Whether a scalar must not be written to a terminal as it is.
    public static func needsReplacement(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    static func replacement(for scalar: Unicode.Scalar) -> Unicode.Scalar {
        switch scalar.value {
        case 0x00...0x1F: Unicode.Scalar(0x2400 + scalar.value)!
        case 0x7F: "\u{2421}"
        case 0x80...0x9F, 0x202A...0x202E, 0x2066...0x2069: "\u{FFFD}"
        default: scalar
        }
    }

    /// The clusters of already sanitized text as they will occupy cells: each with
    /// its width. A cluster of width 0 that starts with a combining mark is shown
    /// on a dotted circle (◌́) so it stays visible; other zero-width clusters
    /// (zero-width space, a lone joiner) are invisible and dropped. A cluster of a kind in
    /// `separate` (a terminal that draws that kind a scalar at a time), or an emoji sequence
    /// too long to draw whole, becomes a cell per scalar (with the zero-width scalars after it).
    static func cells(of text: String, separate: Set<ClusterKind> = []) -> [(text: String, width: Int)] {
        if plainLatinColumns(text) != nil {
            return text.unicodeScalars.map { (String($0), 1) }
        }
        var cells: [(text: String, width: Int)] = []
        for character in text {
            if character.unicodeScalars.count > 1, Self.isDrawnAScalarAtATime(character, separate: separate) {
                cells += scalarCells(of: character)
                continue
            }
            let width = character.terminalWidth
            if width > 0 {
                cells.append((String(character), width))
            } else if let first = character.unicodeScalars.first,
                first.properties.generalCategory == .nonspacingMark
                    || first.properties.generalCategory == .enclosingMark
            {
                cells.append(("\u{25CC}" + String(character), 1))
            }
        }
        return cells
    }

    /// Whether a cluster is laid out a scalar at a time: it is of a kind the terminal draws
    /// so, or an emoji sequence longer than one terminal cell holds.
    static func isDrawnAScalarAtATime(_ character: Character, separate: Set<ClusterKind>) -> Bool {
        let kinds = ClusterKind.kinds(of: String(character))
        if !kinds.isDisjoint(with: separate) { return true }
        return !kinds.isEmpty && character.unicodeScalars.count > ClusterKind.maximumScalarsDrawnWhole
    }

    /// A cluster as a cell per spacing scalar, each with the zero-width scalars after it.
    /// Joiners (U+200D, invisible) are left out: a terminal that joins what follows one
    /// would draw the next cell into this one.
    static func scalarCells(of character: Character) -> [(text: String, width: Int)] {
        var cells: [(text: String, width: Int)] = []
        for scalar in character.unicodeScalars where scalar.value != 0x200D {
            let width = Character(scalar).terminalWidth
            if width == 0, !cells.isEmpty {
                cells[cells.count - 1].text.unicodeScalars.append(scalar)
            } else if width > 0 {
                cells.append((String(scalar), width))
            }
        }
        return cells
    }

    /// The columns sanitized text takes when laid out with `separate` kinds a scalar at a time.
    public static func columns(of text: String, separate: Set<ClusterKind>) -> Int {
        plainLatinColumns(text) ?? cells(of: sanitized(text), separate: separate).reduce(0) { $0 + $1.width }
    }

    /// The columns of text made only of printable scalars below U+0300 (ASCII and Latin
    /// letters, as nearly every value a backend holds): each such scalar is a cluster of its own
    /// (every combining mark, joiner and selector is above it), one column wide, and needs no
    /// replacing; nil for any other text. Read from the UTF-8 bytes: segmenting the text into
    /// clusters to find that out was most of a frame's time.
    static func plainLatinColumns(_ text: String) -> Int? {
        var text = text
        return text.withUTF8 { bytes -> Int? in
            var columns = 0
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte < 0x80 {
                    guard byte >= 0x20, byte != 0x7F else { return nil }
                    index += 1
                } else {
                    // Two bytes, U+00A0 to U+02FF: a lead byte of C2 (from A0 on: C2 80 to C2 9F are C1 controls) to CB.
                    guard (0xC2...0xCB).contains(byte), index + 1 < bytes.count, byte != 0xC2 || bytes[index + 1] >= 0xA0 else { return nil }
                    index += 2
                }
                columns += 1
            }
            return columns
        }
    }

    /// The text cut to at most `width` columns, with "…" in the last column when
    /// something was cut. Sanitizes first.
    public static func truncated(_ text: String, toWidth width: Int, separate: Set<ClusterKind> = []) -> String {
        fitted(sanitized(text), width: width, separate: separate).map(\.text).joined()
    }

    /// Sanitized text as cells fitting `width` columns: cut at a cluster boundary
    /// with "…" when it does not fit (after the last word kept, not after a space:
    /// "Real Estate…", never "Real Estate …").
    static func fitted(
        _ sanitizedText: String, width: Int, separate: Set<ClusterKind> = []
    ) -> [(text: String, width: Int)] {
        guard width > 0 else { return [] }
        let all = cells(of: sanitizedText, separate: separate)
        let total = all.reduce(0) { $0 + $1.width }
        if total <= width { return all }
        var kept: [(text: String, width: Int)] = []
        var used = 0
        for cell in all {
            if used + cell.width > width - 1 { break }
            kept.append(cell)
            used += cell.width
        }
        while kept.last?.text == " " { kept.removeLast() }
        kept.append(("…", 1))
        return kept
    }

    /// Sanitized text broken into lines of at most `width` columns, at the last space
    /// that fits when there is one, else at a cluster boundary; at most `maximumLines`
    /// lines, the last cut with "…" when text is left over. With `markingBrokenWords`, a
    /// line broken inside a word (an ID, a URL) ends with "…" so that it reads as going on;
    /// the word's text is all there, the mark is extra.
    public static func wrapped(
        _ text: String, toWidth width: Int, maximumLines: Int, separate: Set<ClusterKind> = [],
        markingBrokenWords: Bool = false
    ) -> [String] {
        guard width > 0, maximumLines > 0 else { return [] }
        var remaining = cells(of: sanitized(text), separate: separate)[...]
        var lines: [String] = []
        while !remaining.isEmpty, lines.count < maximumLines - 1 {
            var used = 0
            var end = remaining.startIndex
            while end < remaining.endIndex, used + remaining[end].width <= width {
                used += remaining[end].width
                end += 1
            }
            var mark = ""
            if end < remaining.endIndex,
               let space = remaining[remaining.startIndex..<end].lastIndex(where: { $0.text == " " }),
               space > remaining.startIndex
            {
                end = space + 1  // break after the space
            } else if markingBrokenWords, end < remaining.endIndex, remaining[end].text != " ", width > 1 {
                // Room for the mark: give back clusters until one column is free.
                while end > remaining.startIndex + 1, used + 1 > width {
                    end -= 1
                    used -= remaining[end].width
                }
                mark = "…"
            }
            lines.append(remaining[remaining.startIndex..<end].map(\.text).joined() + mark)
            remaining = remaining[end...].drop { $0.text == " " }
        }
        if !remaining.isEmpty {
            lines.append(fitted(remaining.map(\.text).joined(), width: width, separate: separate).map(\.text).joined())
        }
        return lines
    }
}
