import ScreenValues

/// A list's filter as it is typed, on the input line: a one-line field with every editing key
/// the other fields have (`LineEditor`'s readline keys), drawn after its prompt with its cursor.
public struct FilterLine: Sendable, Hashable {
    var input: TextInput

    /// `text`, the cursor at its end.
    public init(_ text: String = "") { input = TextInput(text) }

    public var text: String { input.text }

    /// Applies an editing key; false when `key` is not one.
    public mutating func handle(_ key: Key) -> Bool { input.handle(key) }

    /// Text at the cursor (a paste, already one line).
    public mutating func insert(_ text: String) { input.insert(text) }

    /// ` Filter: ` and the field, across `width` columns of `row`; the characters `marking`
    /// spans (a mistake's place) in bold.
    public func draw(into frame: inout Frame, row: Int, width: Int, marking: Range<Int>? = nil) {
        let prompt = " Filter: "
        frame.draw(prompt, row: row, column: 0, width: width, fill: true)
        let column = prompt.count
        guard width > column else { return }
        TextInputView(input: input, hasFocus: true, marked: marking).draw(into: &frame, row: row, column: column, width: width - column)
    }
}
