import AmplifyModels
import ScreenValues

/// The first screen when a backend has several models: a row per model with its number of
/// fields and its key, and why it is read-only when it is. ↑ ↓ (PgUp PgDn Home End) move, ⏎
/// chooses, typing filters by name (⌫ erases; Esc clears the filter, then closes). A paste
/// goes into the filter whole (line breaks as spaces) or not at all, saying why (`message`),
/// and never chooses; Alt keys do nothing.
public struct ModelPicker: Sendable {
    public let schema: ModelSchema
    /// Why a model is read-only, by name (from `AmplifyModel.access(with:)`, which needs the
    /// app's auth modes): shown on its row.
    public let readOnlyReasons: [String: String]
    var selection = FilteredSelection()
    /// Position in `matches`.
    public var selectedIndex: Int { selection.selectedIndex }
    /// Why the last key did nothing (a paste refused); cleared by the next key.
    public var message: String? { selection.message }

    public enum Outcome: Sendable, Hashable {
        case choosing
        case chosen(AmplifyModel)
        case cancelled
    }

    /// With `selecting`, the model shown now starts selected (switching models from one).
    public init(schema: ModelSchema, readOnlyReasons: [String: String] = [:], selecting current: String? = nil) {
        self.schema = schema
        self.readOnlyReasons = readOnlyReasons
        selection.selectedIndex = current.flatMap { name in schema.models.firstIndex { $0.name == name } } ?? 0
    }

    public var filterText: String { selection.filter.text }

    /// The models whose names hold the filter (any case), in the schema's order.
    public var matches: [AmplifyModel] { Self.matches(filterText, in: schema.models) }

    static func matches(_ filter: String, in models: [AmplifyModel]) -> [AmplifyModel] {
        let wanted = filter.lowercased()
        guard !wanted.isEmpty else { return models }
        return models.filter { $0.name.lowercased().contains(wanted) }
    }

    public var selected: AmplifyModel? {
        let matches = matches
        return matches.indices.contains(selectedIndex) ? matches[selectedIndex] : nil
    }

    public mutating func handle(_ key: Key, pageHeight: Int = 10) -> Outcome {
        let models = schema.models
        switch selection.handle(key, pageHeight: pageHeight, noun: "filter", matchCount: { Self.matches($0, in: models).count }) {
        case .choosing: return Outcome.choosing
        case .chosen: return selected.map(Outcome.chosen) ?? Outcome.choosing
        case .cancelled: return Outcome.cancelled
        }
    }

    /// `12 fields · key id`, `16 fields · key courtId + slot · read-only: …`.
    public static func summary(of model: AmplifyModel, readOnlyReason: String?) -> String {
        let fields = model.fields.filter { !$0.type.isModel }.count
        let relations = model.associations.count
        var text = "\(fields) field\(fields == 1 ? "" : "s")"
        if relations > 0 { text += ", \(relations) relation\(relations == 1 ? "" : "s")" }
        text += " · key " + model.primaryKey.fields.joined(separator: " + ")
        if let readOnlyReason { text += " · read-only: " + readOnlyReason }
        return text
    }

    public func draw(into frame: inout Frame, region: FrameRegion) {
        guard region.width > 4, region.height > 1 else { return }
        let matches = matches
        let nameWidth = min(max(4, matches.map { TerminalText.columns(of: $0.name, separate: frame.separateClusters) }.max() ?? 4), region.width / 2)
        let listHeight = region.height - 1
        let top = RecordListView.scrollTop(showing: selectedIndex, previous: 0, rowsShown: listHeight, count: matches.count)
        if matches.isEmpty {
            frame.draw("No model matches “\(filterText)”. Esc clears the filter.", row: region.top, column: region.left + 3,
                       width: region.width - 3, style: .dim)
        }
        for index in top..<min(matches.count, top + listHeight) {
            let row = region.top + index - top
            let model = matches[index]
            let reason = readOnlyReasons[model.name] ?? (model.readOnlyReasons.isEmpty ? nil : model.readOnlyReasons.joined(separator: "; "))
            let style: Frame.Style = index == selectedIndex ? .reverse : .normal
            frame.draw("", row: row, column: region.left, width: region.width, style: style, fill: true)
            if index == selectedIndex { frame.draw("▸", row: row, column: region.left + 1, width: 1, style: style) }
            frame.draw(model.name, row: row, column: region.left + 3, width: nameWidth, style: style.union(.bold))
            let summaryColumn = region.left + 3 + nameWidth + 2
            frame.draw(Self.summary(of: model, readOnlyReason: reason), row: row, column: summaryColumn,
                       width: region.left + region.width - summaryColumn, style: style.union(.dim))
        }
        selection.drawPrompt(into: &frame, region: region)
    }
}
