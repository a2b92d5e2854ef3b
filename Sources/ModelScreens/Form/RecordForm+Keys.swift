import AmplifyModels
import ScreenValues

/// The form's keys. Tab and ↓ go to the next field, S-Tab and ↑ to the previous (in a list, ↑ ↓
/// move between its items first); ⏎ goes to the next required field still empty, and saves when
/// none is (so `n`, a name, ⏎ adds a record, as the sample always did; in a list it adds an item,
/// and on an empty last item it leaves the list for the next field); C-s submits from anywhere;
/// Esc cancels. A picked field (an enum, a Boolean) changes with ← → or Space, or
/// jumps to the value starting with a typed letter; ⌫ clears an optional one.
///
/// In a field that holds a parent's key, C-o opens the parent's records to pick one from
/// (`ParentPicker`); while it is open, every key goes to it.
///
/// Nothing but ⏎, C-s and Esc ever ends the form: a paste is text put into the focused field
/// (a one-line field refuses one holding a line break, which was meant as ⏎ or belongs to
/// another text; a list takes a line per item), and an Alt key is an editing key or nothing.
extension RecordForm {
    /// The form's keys as the help lists them.
    public static let keyHelp: [(String, String)] = [
        ("Tab S-Tab ↑ ↓", "next / previous field (in a list, its items first)"),
        ("⏎", "next required field still empty; save when none is (in a list: a new item)"),
        ("C-s", "save from any field"),
        ("← → Space", "an enum or a Boolean: the next or previous value"),
        ("C-o", "in a parent's key field: pick the parent from the records held"),
        ("Esc", "cancel (asks when something was typed)"),
    ]

    public mutating func handle(_ key: Key) -> FormOutcome {
        message = nil
        if picker != nil {
            handlePicker(key)
            return .editing
        }
        guard entries.indices.contains(focus) else {
            switch key {
            case .escape: return .cancelled
            case .enter, .control("s"): return submit()
            default: return .editing
            }
        }
        switch key {
        case .escape: return .cancelled
        case .control("s"): return submit()
        case .tab: moveFocus(by: 1)
        case .backTab: moveFocus(by: -1)
        case .paste(let text): paste(text)
        case .up: if !moveWithinList(by: -1) { moveFocus(by: -1, toLastItem: true) }
        case .down: if !moveWithinList(by: 1) { moveFocus(by: 1) }
        case .enter: return enter()
        case .control("o"): openPicker()
        default: edit(with: key)
        }
        return .editing
    }

    // MARK: Focus

    /// Moves to the next (or previous) field that can be edited; leaving a field that was edited
    /// shows its problem, if it has one.
    mutating func moveFocus(by step: Int, toLastItem: Bool = false) {
        var next = focus + step
        while entries.indices.contains(next), entries[next].isFixed { next += step }
        guard entries.indices.contains(next) else { return }
        leaveFocusedEntry()
        focus = next
        if case .list(let items, _) = entries[focus].input {
            entries[focus].input = .list(items: items, current: toLastItem ? items.count - 1 : 0)
        }
    }

    private mutating func leaveFocusedEntry() {
        if entries[focus].isEdited { entries[focus].showsError = true }
    }

    private var isOnLastField: Bool {
        !entries.indices.suffix(from: focus + 1).contains { !entries[$0].isFixed }
    }

    /// In a list: to the item above or below; false at either end (the focus moves on).
    private mutating func moveWithinList(by step: Int) -> Bool {
        guard case .list(let items, let current) = entries[focus].input, items.indices.contains(current + step) else { return false }
        entries[focus].input = .list(items: items, current: current + step)
        return true
    }

    private mutating func enter() -> FormOutcome {
        if case .list(var items, let current) = entries[focus].input {
            let isLastAndEmpty = current == items.count - 1 && items[current].isEmpty
            if !isLastAndEmpty {
                // A new item below, taking what was after the cursor.
                let rest = items[current].splitAtCursor()
                var added = TextInput(rest)
                added.moveCursor(to: 0)
                items.insert(added, at: current + 1)
                entries[focus].input = .list(items: items, current: current + 1)
                entries[focus].isEdited = true
                return .editing
            }
            // ⏎ on an empty last item: the list is done; the empty item goes (unless it is the only line).
            if items.count > 1 {
                items.removeLast()
                entries[focus].input = .list(items: items, current: items.count - 1)
            }
            // Leaving a list goes on to the next field: the fields after it are still to come.
            if !isOnLastField {
                moveFocus(by: 1)
                return .editing
            }
        }
        guard let empty = nextRequiredEntryStillEmpty else { return submit() }
        leaveFocusedEntry()
        focus = empty
        return .editing
    }

    /// The first required field other than the focused one that still has nothing in it, looking
    /// on from the focus and then from the top: where ⏎ goes before the record can be saved.
    private var nextRequiredEntryStillEmpty: Int? {
        let order = Array(entries.indices[(focus + 1)...]) + Array(entries.indices[..<focus])
        return order.first { entries[$0].needsValue }
    }

    // MARK: Picking a parent

    /// Opens the focused field's parent records, when it holds a parent's key.
    private mutating func openPicker() {
        let entry = entries[focus]
        guard let parent = parents[entry.field.name], case .text = entry.input else { return }
        let current: ModelValue? = if case .success(let value?) = entry.value() { value } else { nil }
        picker = ParentPicker(field: entry.field.name, parent: parent, keyText: entry.text.codec.text, current: current)
    }

    private mutating func handlePicker(_ key: Key) {
        guard var open = picker else { return }
        switch open.handle(key) {
        case .picking: picker = open
        case .cancelled: picker = nil
        case .picked(let choice):
            picker = nil
            guard case .text(let input) = entries[focus].input, input.text != choice.keyText else { return }
            entries[focus].input = .text(TextInput(choice.keyText))
            entries[focus].isEdited = true
        }
    }

    // MARK: Editing

    private mutating func edit(with key: Key) {
        var entry = entries[focus]
        switch entry.input {
        case .fixed: return
        case .text(var input):
            switch input.edit(key) {
            case .ignored: return
            case .full:
                message = TextInput.fullMessage(noun: entry.field.name, holds: input.maximumLength)
                return
            case .edited: break
            }
            if input.text != entry.inputText?.text { entry.isEdited = true }
            entry.input = .text(input)
        case .choice(let options, let chosen):
            guard let next = Self.choice(after: key, options: options, chosen: chosen, text: entry.text) else { return }
            entry.input = .choice(options: options, chosen: next)
            entry.isEdited = true
        case .list(var items, var current):
            if key == .backspace || key == .control("h"), items[current].cursor == 0, current > 0 {
                // ⌫ at an item's start joins it to the item above (an empty one just goes).
                let joined = items.remove(at: current)
                current -= 1
                let position = items[current].characters.count
                items[current].insert(joined.text)
                items[current].moveCursor(to: position)
            } else if !items[current].handle(key) {
                return
            }
            entry.input = .list(items: items, current: current)
            entry.isEdited = true
        }
        entries[focus] = entry
    }

    /// The option a key picks: ← → and Space step through the options (wrapping), ⌫ and Del
    /// pick null when the field may be null, a letter the next option that starts with it.
    static func choice(after key: Key, options: [ModelValue], chosen: Int?, text: ValueText) -> Int? {
        guard !options.isEmpty else { return nil }
        switch key {
        case .right, .character(" "): return chosen.map { ($0 + 1) % options.count } ?? 0
        case .left: return chosen.map { ($0 + options.count - 1) % options.count } ?? options.count - 1
        case .backspace, .delete: return options.firstIndex(of: .null)
        case .character(let letter):
            let start = (chosen ?? -1) + 1
            let order = (0..<options.count).map { (start + $0) % options.count }
            return order.first { index in
                options[index] != .null && text.codec.text(options[index]).lowercased().hasPrefix(String(letter).lowercased())
            }
        default: return nil
        }
    }

    // MARK: Paste

    /// A paste into the focused field: text only, never keys, and whole or not at all (a paste
    /// too long, not UTF-8 or holding a control character is refused, saying why).
    mutating func paste(_ pasted: Paste) {
        var entry = entries[focus]
        switch entry.input {
        case .fixed:
            message = "Not pasted: \(entry.field.name) cannot be changed."
            return
        case .text(var input):
            if let refusal = input.paste(pasted, lineBreaks: .refused) {
                message = refusal.message(noun: entry.field.name)
                return
            }
            entry.input = .text(input)
        case .choice(let options, _):
            let wanted: String
            switch pasted.line(.refused) {
            case .failure(let refusal): message = refusal.message(noun: entry.field.name); return
            case .success(let line): wanted = line.trimmingBlanks.lowercased()
            }
            guard let index = options.firstIndex(where: { $0 != .null && entry.text.codec.text($0).lowercased() == wanted }) else {
                message = "Not pasted: \(entry.field.name) is one of " + options.filter { $0 != .null }.map { entry.text.codec.text($0) }.joined(separator: ", ") + "."
                return
            }
            entry.input = .choice(options: options, chosen: index)
        case .list(var items, var current):
            var lines: [String]
            switch pasted.lines() {
            case .failure(let refusal): message = refusal.message(); return
            case .success(let found): lines = found
            }
            // A paste that ends with a line break means its last line is done, not a blank item more.
            if lines.count > 1, lines.last == "" { lines.removeLast() }
            let rest = items[current].splitAtCursor()
            items[current].insert(lines[0])
            for line in lines.dropFirst() {
                current += 1
                items.insert(TextInput(line), at: current)
            }
            let position = items[current].characters.count
            items[current].insert(rest)
            items[current].moveCursor(to: position)
            entry.input = .list(items: items, current: current)
        }
        entry.isEdited = true
        entries[focus] = entry
    }
}

extension FormEntry {
    /// A required field with nothing typed or chosen yet (one made when left empty, like a
    /// create's `id`, needs nothing; a list may be empty).
    var needsValue: Bool {
        guard field.isRequired, !generatesWhenEmpty, !emptyLeavesUnchanged else { return false }
        switch input {
        case .fixed, .list: return false
        case .text(let input): return input.text.allSatisfy(\.isWhitespace)
        case .choice(_, let chosen): return chosen == nil
        }
    }

    /// The text input's state before a key, to tell an edit from a cursor move.
    var inputText: TextInput? {
        if case .text(let input) = input { input } else { nil }
    }
}

extension String {
    /// Without spaces at either end.
    var trimmingBlanks: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
