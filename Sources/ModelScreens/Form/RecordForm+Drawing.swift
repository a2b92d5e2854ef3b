import AmplifyModels
import ScreenValues

/// The form on screen: a line per field (a line per item for a list), the field's name at the
/// left (`*` when required), its input at the right; a field's problem on the lines under it,
/// in red with `✗`; at the bottom, the last message or what the focused field takes. Taller
/// than its area, it scrolls to keep the focused field in view.
extension RecordForm {
    struct Line: Hashable {
        enum Kind: Hashable {
            case value
            case item(Int)
            case error(String)
        }

        let entry: Int
        let kind: Kind
    }

    static let maximumLabelWidth = 22

    func labelWidth(_ width: Int) -> Int {
        let longest = entries.map { TerminalText.columns(of: label(of: $0), separate: separateClusters) }.max() ?? 0
        return max(1, min(longest, Self.maximumLabelWidth, width / 3))
    }

    func label(of entry: FormEntry) -> String {
        entry.field.name + (entry.field.isRequired && !entry.isFixed && !entry.generatesWhenEmpty ? " *" : "")
    }

    /// Every line of the fields, for an area `width` columns wide.
    func lines(width: Int) -> [Line] {
        let errorWidth = max(1, width - labelWidth(width) - 6)
        var lines: [Line] = []
        for (index, entry) in entries.enumerated() {
            if case .list(let items, _) = entry.input {
                lines += items.indices.map { Line(entry: index, kind: .item($0)) }
            } else {
                lines.append(Line(entry: index, kind: .value))
            }
            if let error = entry.error {
                let wrapped = TerminalText.wrapped("✗ " + error.description, toWidth: errorWidth, maximumLines: 3, separate: separateClusters)
                lines += wrapped.map { Line(entry: index, kind: .error($0)) }
            }
        }
        return lines
    }

    /// The first line shown: from the top, moved down only as far as the focused field needs.
    func firstLine(of lines: [Line], height: Int) -> Int {
        guard height > 0, let last = lines.lastIndex(where: { $0.entry == focus }) else { return 0 }
        var focused = lines.firstIndex { $0.entry == focus } ?? 0
        if case .list(_, let current) = entries[focus].input {
            focused = lines.firstIndex { $0.entry == focus && $0.kind == .item(current) } ?? focused
        }
        // The focused line and, when they fit, the lines of its problem under it.
        let wanted = lines[focused...last].contains { if case .error = $0.kind { true } else { false } } ? last : focused
        return max(0, min(focused, wanted - height + 1))
    }

    public func draw(into frame: inout Frame, region: FrameRegion) {
        guard region.width > 10, region.height > 1 else { return }
        if let picker { return picker.draw(into: &frame, region: region) }
        // A problem too long for one line takes two (the form has the keys: `m` cannot show it).
        let messageLines = message.map {
            TerminalText.wrapped("✗ " + $0, toWidth: region.width - 1, maximumLines: region.height > 4 ? 2 : 1, separate: frame.separateClusters)
        } ?? []
        let fieldsHeight = region.height - max(1, messageLines.count)
        let lines = lines(width: region.width - 3)
        let first = firstLine(of: lines, height: fieldsHeight)
        let labelWidth = labelWidth(region.width - 3)
        let labelColumn = region.left + 3
        let valueColumn = labelColumn + labelWidth + 2
        let valueWidth = max(1, region.left + region.width - valueColumn - 1)
        for (offset, line) in lines[first..<min(lines.count, first + fieldsHeight)].enumerated() {
            let row = region.top + offset
            let entry = entries[line.entry]
            let focused = line.entry == focus
            let isFirstLine = offset == 0 || lines[first + offset - 1].entry != line.entry
            if isFirstLine {
                if focused, !entry.isFixed { frame.draw("▸", row: row, column: region.left + 1, width: 1) }
                frame.draw(label(of: entry), row: row, column: labelColumn, width: labelWidth, style: entry.isFixed ? [.bold, .dim] : .bold)
            }
            drawValue(line, of: entry, focused: focused, into: &frame, row: row, column: valueColumn, width: valueWidth)
        }
        if first > 0 { frame.draw("↑", row: region.top, column: region.left, width: 1, style: .dim) }
        if first + fieldsHeight < lines.count { frame.draw("↓", row: region.top + fieldsHeight - 1, column: region.left, width: 1, style: .dim) }
        let bottom = region.top + region.height - 1
        if !messageLines.isEmpty {
            for (offset, line) in messageLines.enumerated() {
                frame.draw(line, row: bottom - messageLines.count + 1 + offset, column: region.left + 1, width: region.width - 1, color: .red)
            }
        } else if entries.indices.contains(focus) {
            frame.draw(hint(for: entries[focus]), row: bottom, column: region.left + 1, width: region.width - 1, style: .dim)
        }
    }

    private func drawValue(_ line: Line, of entry: FormEntry, focused: Bool, into frame: inout Frame, row: Int, column: Int, width: Int) {
        switch (line.kind, entry.input) {
        case (.error(let text), _):
            frame.draw(text, row: row, column: column, width: width, color: .red)
        case (.value, .text(let input)):
            let placeholder = entry.generatesWhenEmpty ? "generated when left empty" : entry.emptyLeavesUnchanged ? RecordForm.unchanged : nil
            TextInputView(input: input, hasFocus: focused, placeholder: placeholder).draw(into: &frame, row: row, column: column, width: width)
        case (.value, .choice(let options, _)):
            let text = entry.choiceText
            let isNull = text == ValueText.null || text == RecordForm.unchanged
            guard focused else {
                frame.draw(text, row: row, column: column, width: width, style: isNull ? .dim : .normal)
                return
            }
            let used = frame.draw("◂ " + text + " ▸", row: row, column: column, width: width, style: .reverse)
            // The values to pick from, when they fit beside it.
            let all = options.map { $0 == .null ? ValueText.null : entry.text.codec.text($0) }.joined(separator: " · ")
            frame.draw(all, row: row, column: column + used + 2, width: width - used - 2, style: .dim)
        case (.value, .fixed(let value)) where entry.text.codec.isCut(value):
            // Never focused, so its hint is never shown: why it is fixed is said beside it.
            let reason = "(" + FieldValueCodec.cutReason + ")"
            let room = width - frame.columns(of: reason) - 2
            let used = room >= 10 ? frame.draw(entry.text.cell(value), row: row, column: column, width: room, style: .dim) : 0
            frame.draw(reason, row: row, column: column + used + (used > 0 ? 2 : 0), width: width - used - (used > 0 ? 2 : 0), style: .dim)
        case (.value, .fixed(let value)):
            frame.draw(entry.text.cell(value), row: row, column: column, width: width, style: .dim)
        case (.item(let index), .list(let items, let current)):
            if items.count == 1, items[0].isEmpty, !focused {
                frame.draw(entry.emptyLeavesUnchanged ? RecordForm.unchanged : "no items", row: row, column: column, width: width, style: .dim)
                return
            }
            frame.draw("•", row: row, column: column, width: 1, style: .dim)
            TextInputView(input: items[index], hasFocus: focused && index == current).draw(into: &frame, row: row, column: column + 2, width: width - 2)
        default: break
        }
    }

    static func sentence(_ text: String) -> String { text.prefix(1).uppercased() + text.dropFirst() }

    /// What the focused field takes, and how it is edited; in an edit of many, first that an
    /// empty field stays as each record has it.
    func hint(for entry: FormEntry) -> String {
        guard let editsMany, !entry.isFixed else { return oneRecordHint(for: entry) }
        return "Empty: unchanged on the \(NumberText.grouped(editsMany)) · " + oneRecordHint(for: entry)
    }

    private func oneRecordHint(for entry: FormEntry) -> String {
        switch entry.input {
        case .fixed(let value) where entry.text.codec.isCut(value):
            "Its " + FieldValueCodec.cutReason + " (…): it cannot be changed here without losing them."
        case .fixed: "The key cannot be changed."
        case .choice: "← → Space choose" + (entry.field.isRequired ? "" : ", ⌫ none") + " · " + RecordForm.keyHints
        case .list: "A line per item (\(entry.text.itemCodec.expectation)); ⏎ adds one, ⏎ on an empty last one moves on"
        case .text where entry.generatesWhenEmpty: "Left empty, a new ID is made · " + RecordForm.keyHints
        case .text(let input) where parents[entry.field.name] != nil:
            parentHint(input.text, entry: entry, parent: parents[entry.field.name]!) + " · " + RecordForm.keyHints
        case .text(let input): (input.counter.map { $0 + " · " } ?? "") + Self.sentence(entry.text.codec.expectation) + " · " + RecordForm.keyHints
        }
    }

    /// The parent a typed key points at ("Category “Groceries”"), or that none held here has it,
    /// and the key that picks one.
    func parentHint(_ typed: String, entry: FormEntry, parent: ParentNames) -> String {
        let pick = "C-o pick from \(NumberText.grouped(parent.names.count)) held"
        guard !typed.allSatisfy(\.isWhitespace), case .success(let value?) = entry.value() else {
            return "The key of a \(parent.model) · " + pick
        }
        if let name = parent.names[value] { return "→ \(parent.model) “\(name)” · " + pick }
        return "No \(parent.model) held here has this key (not loaded yet, or none) · " + pick
    }
}
