import ScreenValues

/// A list chosen from by moving and by typing a filter, as the model picker and the parent
/// picker both are: ↑ ↓ PgUp PgDn Home End move, typing filters (⌫ erases), ⏎ chooses, Esc clears
/// the filter, then cancels. A paste goes into the filter whole (line breaks as spaces) or not at
/// all, saying why (`message`), and never chooses; Alt keys and function keys do nothing.
struct FilteredSelection: Sendable {
    /// Its keys as the help lists them, for a list of `items` ("models").
    static func keyHelp(items: String) -> [(String, String)] {
        [("type ⌫", "filter the \(items)"), ("↑ ↓ PgUp PgDn", "move"), ("⏎", "choose"), ("Esc", "clear the filter, then go back")]
    }

    var filter = TextInput()
    /// Position among the matches of the filter.
    var selectedIndex = 0
    /// Why the last key did nothing (a paste refused); cleared by the next key.
    var message: String?

    enum Step: Sendable, Hashable {
        case choosing
        case chosen
        case cancelled
    }

    /// `matchCount` says how many items match a filter text (called after the filter changed).
    mutating func handle(_ key: Key, pageHeight: Int, noun: String, matchCount: (String) -> Int) -> Step {
        message = nil
        let count = matchCount(filter.text)
        switch key {
        case .enter: return count > 0 ? .chosen : .choosing
        case .escape:
            guard filter.isEmpty else {
                filter = TextInput()
                selectedIndex = 0
                return .choosing
            }
            return .cancelled
        case .up: selectedIndex = max(0, selectedIndex - 1)
        case .down: selectedIndex = max(0, min(count - 1, selectedIndex + 1))
        case .pageUp: selectedIndex = max(0, selectedIndex - max(1, pageHeight - 1))
        case .pageDown: selectedIndex = max(0, min(count - 1, selectedIndex + max(1, pageHeight - 1)))
        case .home: selectedIndex = 0
        case .end: selectedIndex = max(0, count - 1)
        case .paste(let pasted):
            switch pasted.line(.asSpaces) {
            case .success(let line): changeFilter { $0.insert(line) }
            case .failure(let refusal): message = refusal.message(noun: noun)
            }
        case .character, .backspace, .delete, .control:
            changeFilter { _ = $0.handle(key) }
        default: break  // Alt keys, function keys: nothing
        }
        return .choosing
    }

    private mutating func changeFilter(_ change: (inout TextInput) -> Void) {
        let before = filter.text
        change(&filter)
        // A new filter selects its first match; moving the cursor keeps the selection.
        if filter.text != before { selectedIndex = 0 }
    }

    /// The match at the selection, if there is one.
    func selected<Item>(in matches: [Item]) -> Item? {
        matches.indices.contains(selectedIndex) ? matches[selectedIndex] : nil
    }

    /// The matches in `list` (the region they scroll in): a row each, the selected one reversed
    /// and marked `▸`, its name in bold, its detail dimmed after the names; `empty` when none.
    func drawRows(_ rows: [(name: String, detail: String)], empty: String, into frame: inout Frame, list: FrameRegion) {
        if rows.isEmpty { frame.draw(empty, row: list.top, column: list.left + 3, width: list.width - 3, style: .dim) }
        let nameWidth = min(max(4, rows.map { frame.columns(of: $0.name) }.max() ?? 4), list.width / 2)
        let top = RecordListView.scrollTop(showing: selectedIndex, previous: 0, rowsShown: list.height, count: rows.count)
        for index in top..<min(rows.count, top + list.height) {
            let row = list.top + index - top
            let style: Frame.Style = index == selectedIndex ? .reverse : .normal
            frame.draw("", row: row, column: list.left, width: list.width, style: style, fill: true)
            if index == selectedIndex { frame.draw("▸", row: row, column: list.left + 1, width: 1, style: style) }
            frame.draw(rows[index].name, row: row, column: list.left + 3, width: nameWidth, style: style.union(.bold))
            let detailColumn = list.left + 3 + nameWidth + 2
            frame.draw(rows[index].detail, row: row, column: detailColumn, width: list.left + list.width - detailColumn, style: style.union(.dim))
        }
    }

    /// The filter's prompt on the region's last line.
    func drawPrompt(into frame: inout Frame, region: FrameRegion) {
        let bottom = region.top + region.height - 1
        let prompt = "Filter: "
        frame.draw(prompt, row: bottom, column: region.left + 1, width: region.width - 1, style: .dim)
        let inputColumn = region.left + 1 + prompt.count
        TextInputView(input: filter, hasFocus: true, placeholder: "type to filter")
            .draw(into: &frame, row: bottom, column: inputColumn, width: min(30, region.left + region.width - inputColumn))
    }
}
