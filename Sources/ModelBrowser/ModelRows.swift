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
    /// Each row's display name as the sort by name compares it (`nameKey`), made once per change
    /// of the row, rather than a locale-aware comparison of two names for every pair a sort
    /// compares.
    private var nameKeys: [RecordKey: String] = [:]
    var sortedByName = false {
        didSet { if oldValue != sortedByName { reorder() } }
    }

    var count: Int { order.count }

    mutating func replaceAll(_ rows: [RecordRow<ModelRecord>]) {
        byKey = [:]
        arrival = [:]
        searchTexts = [:]
        nameKeys = [:]
        apply(upserted: rows, removed: [])
    }

    mutating func apply(_ update: RecordRowUpdate<ModelRecord>) {
        apply(upserted: update.upserted, removed: update.removed)
    }

    private mutating func apply(upserted: [RecordRow<ModelRecord>], removed: Set<RecordKey>) {
        var unplaced = Set<RecordKey>()
        for key in removed where byKey.removeValue(forKey: key) != nil {
            arrival[key] = nil
            searchTexts[key] = nil
            nameKeys[key] = nil
            unplaced.insert(key)
        }
        var toPlace: [RecordKey] = []
        var placing = Set<RecordKey>()
        for row in upserted {
            let before = byKey.updateValue(row, forKey: row.id)
            searchTexts[row.id] = Self.searchText(of: row.record)
            nameKeys[row.id] = Self.nameKey(row.record.displayName)
            if arrival[row.id] == nil {
                arrivals += 1
                arrival[row.id] = arrivals
            }
            // A row keeps its place unless what it is ordered by changed (its name when sorted,
            // else its `createdAt`, which a confirmed create brings).
            guard before.map({ sortKey(of: $0.record) != sortKey(of: row.record) }) ?? true else { continue }
            if before != nil { unplaced.insert(row.id) }
            if placing.insert(row.id).inserted { toPlace.append(row.id) }
        }
        // A large batch (a first load, a whole read) is sorted at once; a few rows are moved.
        guard toPlace.count + unplaced.count <= max(64, order.count / 8) else { return reorder() }
        if !unplaced.isEmpty { order.removeAll { unplaced.contains($0) } }
        for key in toPlace where byKey[key] != nil {
            order.insert(key, at: insertionIndex(of: key))
        }
    }

    /// What a row is ordered by, as text: its display name when sorted by name, else its `createdAt`.
    private func sortKey(of record: ModelRecord) -> String? {
        sortedByName ? record.displayName : record.createdAt
    }

    /// A name as the sort by name compares it, with `<`: without case, accents or width, and
    /// with numbers as numbers ("Unit 9" before "Unit 10"): each run of digits is written
    /// without leading zeros and padded to 20 digits, so longer numbers sort after shorter ones.
    static func nameKey(_ name: String) -> String {
        let folded = name.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        var key = ""
        key.reserveCapacity(folded.utf8.count + 8)
        var digits = ""
        func endDigits() {
            guard !digits.isEmpty else { return }
            let number = digits.drop(while: { $0 == "0" })
            key += String(repeating: "0", count: max(0, 20 - number.count)) + number
            digits = ""
        }
        for character in folded {
            if character.isASCII, character.isNumber {
                digits.append(character)
            } else {
                endDigits()
                key.append(character)
            }
        }
        endDigits()
        return key
    }

    /// Where `key` goes in `order` (which does not hold it): after every row that precedes it.
    private func insertionIndex(of key: RecordKey) -> Int {
        var low = 0
        var high = order.count
        while low < high {
            let middle = (low + high) / 2
            if precedes(order[middle], key) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The whole order again: for a first load, a whole read, or a change of sort.
    private mutating func reorder() {
        order = byKey.keys.sorted(by: precedes)
    }

    /// Whether row `a` comes before row `b`: by name when sorted (`nameKey`: numbers as numbers),
    /// else by `createdAt` with rows the server has not confirmed after; ties by arrival here.
    private func precedes(_ a: RecordKey, _ b: RecordKey) -> Bool {
        let arrivedFirst = arrival[a, default: 0] < arrival[b, default: 0]
        if sortedByName {
            guard let x = nameKeys[a], let y = nameKeys[b] else { return false }
            return x == y ? arrivedFirst : x < y
        }
        guard let x = byKey[a]?.record, let y = byKey[b]?.record else { return false }
        switch (x.createdAt, y.createdAt) {
        case let (first?, second?) where first != second: return first < second
        case (.some, nil): return true
        case (nil, .some): return false
        default: return arrivedFirst
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
