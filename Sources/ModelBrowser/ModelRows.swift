import AmplifyModels
import ModelScreens
import OptimisticStore
import PropertySync

/// One model's rows as its list shows them: every row by key, in creation order (the server's
/// `createdAt`, the same on every client; rows the server has not confirmed yet after them, in
/// the order they appeared), or by the display field when the user sorts.
struct ModelRows: Sendable {
    private(set) var byKey: [RecordKey: RecordRow<ModelRecord>] = [:]
    /// When each row first appeared here: the order of rows without `createdAt`.
    private var arrival: [RecordKey: Int] = [:]
    private var arrivals = 0
    private(set) var order: [RecordKey] = []
    /// Each row's values as the typed filter looks in them, made once per change of the row
    /// rather than per keystroke and frame.
    private var searchTexts: [RecordKey: String] = [:]
    var sortedByName = false {
        didSet { if oldValue != sortedByName { reorder() } }
    }

    var count: Int { order.count }

    mutating func replaceAll(_ rows: [RecordRow<ModelRecord>]) {
        byKey = [:]
        arrival = [:]
        searchTexts = [:]
        apply(upserted: rows, removed: [])
    }

    mutating func apply(_ update: RecordRowUpdate<ModelRecord>) {
        apply(upserted: update.upserted, removed: update.removed)
    }

    private mutating func apply(upserted: [RecordRow<ModelRecord>], removed: Set<RecordKey>) {
        for key in removed {
            byKey[key] = nil
            arrival[key] = nil
            searchTexts[key] = nil
        }
        for row in upserted {
            byKey[row.id] = row
            searchTexts[row.id] = Self.searchText(of: row.record)
            if arrival[row.id] == nil {
                arrivals += 1
                arrival[row.id] = arrivals
            }
        }
        reorder()
    }

    /// Whole, on every change: a model browsed here holds thousands of rows, not millions (the
    /// sample's list keeps an order that moves row by row).
    private mutating func reorder() {
        let rows = Array(byKey.values)
        if sortedByName {
            order = rows.sorted { a, b in
                let (x, y) = (a.record.displayName, b.record.displayName)
                return x.localizedStandardCompare(y) == .orderedAscending || (x == y && arrival[a.id, default: 0] < arrival[b.id, default: 0])
            }.map(\.id)
        } else {
            order = rows.sorted { a, b in
                switch (a.record.createdAt, b.record.createdAt) {
                case let (x?, y?) where x != y: x < y
                case (.some, nil): true
                case (nil, .some): false
                default: arrival[a.id, default: 0] < arrival[b.id, default: 0]
                }
            }.map(\.id)
        }
    }

    /// The rows a screen shows: all, or those a relation's filter and the typed filter keep.
    func shown(filter: RecordFilter?, text: String) -> [RecordKey] {
        guard filter != nil || !text.isEmpty else { return order }
        let needle = text.lowercased()
        return order.filter { key in
            guard let record = byKey[key]?.record else { return false }
            if let filter, !filter.matches(record) { return false }
            return needle.isEmpty || searchTexts[key, default: ""].contains(needle)
        }
    }

    /// Every value as the screen writes it, lowercased: what the typed filter looks in.
    static func searchText(of record: ModelRecord) -> String {
        let codecs = record.layout.codecs
        return zip(codecs, record.values).map { codec, value in codec.text(value) }.joined(separator: "\u{1F}").lowercased()
    }
}
