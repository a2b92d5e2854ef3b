import AmplifyModels
import ScreenValues

/// The records a `belongsTo` key field may point at, to pick one instead of typing its key (C-o
/// in the form): the parent model's records held here, by name, with their keys; typing filters
/// by name or key, ⏎ picks, Esc clears the filter, then goes back to the form unchanged.
public struct ParentPicker: Sendable {
    public struct Choice: Sendable, Hashable {
        public var key: ModelValue
        public var keyText: String
        public var name: String
    }

    /// The form field the pick goes into.
    public let field: String
    public let parentModel: String
    let choices: [Choice]
    var selection = FilteredSelection()

    public enum Outcome: Sendable, Hashable {
        case picking
        case picked(Choice)
        case cancelled
    }

    /// `keyText` writes a key as the field's text; `current` (the field's value now) starts selected.
    init(field: String, parent: RecordForm.ParentNames, keyText: (ModelValue) -> String, current: ModelValue?) {
        self.field = field
        parentModel = parent.model
        choices = parent.names.map { Choice(key: $0.key, keyText: keyText($0.key), name: $0.value) }
            .sorted { ($0.name.lowercased(), $0.keyText) < ($1.name.lowercased(), $1.keyText) }
        selection.selectedIndex = current.flatMap { value in choices.firstIndex { $0.key == value } } ?? 0
    }

    public var filterText: String { selection.filter.text }
    public var message: String? { selection.message }

    /// The choices whose name or key holds the filter (any case), by name.
    public var matches: [Choice] { Self.matches(filterText, in: choices) }

    static func matches(_ filter: String, in choices: [Choice]) -> [Choice] {
        let wanted = filter.lowercased()
        guard !wanted.isEmpty else { return choices }
        return choices.filter { $0.name.lowercased().contains(wanted) || $0.keyText.lowercased().contains(wanted) }
    }

    public var selected: Choice? { selection.selected(in: matches) }

    public mutating func handle(_ key: Key, pageHeight: Int = 10) -> Outcome {
        let choices = choices
        switch selection.handle(key, pageHeight: pageHeight, noun: "filter", matchCount: { Self.matches($0, in: choices).count }) {
        case .choosing: return Outcome.picking
        case .chosen: return selected.map(Outcome.picked) ?? Outcome.picking
        case .cancelled: return Outcome.cancelled
        }
    }

    /// A title line, a row per match (its name, then its key, dimmed), the filter at the bottom.
    public func draw(into frame: inout Frame, region: FrameRegion) {
        guard region.width > 4, region.height > 2 else { return }
        let title = "Pick the \(parentModel) for \(field): \(NumberText.grouped(choices.count)) held here · ⏎ picks · Esc back"
        frame.draw(title, row: region.top, column: region.left + 1, width: region.width - 1, style: .bold)
        let empty = choices.isEmpty
            ? "No \(parentModel) is held here yet: type its key in the field instead."
            : "No \(parentModel) matches “\(filterText)”. Esc clears the filter."
        selection.drawRows(
            matches.map { (name: $0.name, detail: $0.keyText) }, empty: empty, into: &frame,
            list: FrameRegion(top: region.top + 1, left: region.left, width: region.width, height: region.height - 2))
        if let message {
            // A paste refused: said where the filter is, until the next key.
            frame.draw("✗ " + message, row: region.top + region.height - 1, column: region.left + 1, width: region.width - 1, color: .red)
        } else {
            selection.drawPrompt(into: &frame, region: region)
        }
    }
}
