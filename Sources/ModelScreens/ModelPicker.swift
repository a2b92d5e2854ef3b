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

    /// The picker's keys as the help lists them.
    public static let keyHelp = FilteredSelection.keyHelp(items: "models")

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

    public var selected: AmplifyModel? { selection.selected(in: matches) }

    public mutating func handle(_ key: Key, pageHeight: Int = 10) -> Outcome {
        let models = schema.models
        switch selection.handle(key, pageHeight: pageHeight, noun: "filter", matchCount: { Self.matches($0, in: models).count }) {
        case .choosing: return Outcome.choosing
        case .chosen: return selected.map(Outcome.chosen) ?? Outcome.choosing
        case .cancelled: return Outcome.cancelled
        }
    }

    /// `12 fields · key id`, `9 fields · key id · 2 indexes`, `16 fields · key courtId + slot ·
    /// 1 index · read-only: …`.
    public static func summary(of model: AmplifyModel, readOnlyReason: String?) -> String {
        let fields = model.fields.filter { !$0.type.isModel }.count
        let relations = model.associations.count
        var text = "\(fields) field\(fields == 1 ? "" : "s")"
        if relations > 0 { text += ", \(relations) relation\(relations == 1 ? "" : "s")" }
        text += " · key " + model.primaryKey.fields.joined(separator: " + ")
        let indexes = model.indexes.count
        if indexes > 0 { text += " · \(indexes) index\(indexes == 1 ? "" : "es")" }
        if let readOnlyReason { text += " · read-only: " + readOnlyReason }
        return text
    }

    public func draw(into frame: inout Frame, region: FrameRegion) {
        guard region.width > 4, region.height > 1 else { return }
        let rows = matches.map { model in
            let reason = readOnlyReasons[model.name] ?? (model.readOnlyReasons.isEmpty ? nil : model.readOnlyReasons.joined(separator: "; "))
            return (name: model.name, detail: Self.summary(of: model, readOnlyReason: reason))
        }
        selection.drawRows(
            rows, empty: "No model matches “\(filterText)”. Esc clears the filter.", into: &frame,
            list: FrameRegion(top: region.top, left: region.left, width: region.width, height: region.height - 1))
        selection.drawPrompt(into: &frame, region: region)
    }
}
