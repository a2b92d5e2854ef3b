import AmplifyModels
import Foundation
import ListRows
import ModelScreens
import PropertyBased
import SyncEngine
import Testing
@testable import ModelBrowser

/// A list's order is kept row by row in the sample's row store (a few rows moved per change, a
/// large batch sorted at once): after any sequence of creates, confirmations, renames, deletes and
/// re-sorts it is the order a whole sort of the rows gives, and that order is the documented one
/// (by name when sorted, then the server's `createdAt`, then the key; rows not confirmed yet last,
/// in the order they arrived).
@Suite struct ModelRowsTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("AmplifyModelsTests/Fixtures/household-budget.json")

    /// Sorted by the display field.
    static let rowsByName = ModelRowPolicy.Sort.field("description")

    /// The order from scratch: a new `ModelRows` given every row at once, in arrival order.
    static func wholeSort(_ rows: [RecordRow<ModelRecord>], byName: Bool) -> [RecordKey] {
        var fresh = ModelRows()
        fresh.replaceAll(rows)
        fresh.sort = byName ? Self.rowsByName : .creation
        return fresh.order
    }

    /// The rule as docs/models.md says it, written as plainly as it can be.
    static func documentedOrder(_ rowsInArrivalOrder: [RecordRow<ModelRecord>], byName: Bool) -> [RecordKey] {
        let arrival = Dictionary(uniqueKeysWithValues: rowsInArrivalOrder.enumerated().map { ($1.id, $0) })
        return rowsInArrivalOrder.map(\.record).sorted { a, b in
            if byName, ModelRows.nameKey(a.displayName) != ModelRows.nameKey(b.displayName) {
                return ModelRows.nameKey(a.displayName) < ModelRows.nameKey(b.displayName)
            }
            switch (a.createdAt, b.createdAt) {
            case let (x?, y?): return x != y ? x < y : a.id < b.id
            case (.some, nil): return true
            case (nil, .some): return false
            case (nil, nil): return arrival[a.id]! < arrival[b.id]!
            }
        }.map(\.id)
    }

    // Keys are drawn from the sorted keys: a dictionary's order differs between processes, which
    // made a seed's run differ too.
    @Test(arguments: 1...4)
    func rowByRowIsTheWholeSort(seed: UInt64) async throws {
        let schema = try ModelIntrospectionReader.read(Data(contentsOf: Self.fixture))
        let layout = try RecordLayout(model: try #require(schema.model(named: "Transaction")), schema: schema)
        var random = Xoshiro(seed: (seed, 0x9E37_79B9, 7, 11))  // the same rows for the same seed
        var rows = ModelRows()
        // What the rows hold now, in the order they first arrived (the tie-break).
        var current: [RecordKey: RecordRow<ModelRecord>] = [:]
        var arrived: [RecordKey] = []
        var serial = 0
        // A row's `createdAt` once the server gave it one: it never changes or goes away after.
        var createdAt: [RecordKey: String] = [:]
        func record(_ key: RecordKey) -> ModelRecord {
            // Few names and few times, so ties are common; some rows not yet confirmed.
            var values: [String: ModelValue] = [
                "description": .string(["Rent", "rent", "Food", "item 2", "item 10", "Zoo"].randomElement(using: &random)!),
                "amount": .float(1), "kind": .enumValue("EXPENSE"), "date": .string("2026-11-01"),
            ]
            if createdAt[key] == nil, Int.random(in: 0..<4, using: &random) > 0 {
                createdAt[key] = "2026-11-0\(Int.random(in: 1...4, using: &random))T10:00:00.000Z"
            }
            if let time = createdAt[key] { values["createdAt"] = .string(time) }
            return ModelRecord(layout: layout, key: key, values: values, version: 1)
        }
        for _ in 0..<120 {
            // Each step's whole sort takes a while in a debug build: a turn for the other tests'
            // tasks, or the four cases would hold both threads of a 2-core machine's pool.
            await Task.yield()
            var update = RecordRowUpdate<ModelRecord>()
            var upserted: [RecordRow<ModelRecord>] = []
            switch Int.random(in: 0..<20, using: &random) {
            case 0, 10:
                rows.sort = rows.sort == .creation ? Self.rowsByName : .creation
            case 1 where !current.isEmpty, 11 where !current.isEmpty:
                let key = current.keys.sorted().randomElement(using: &random)!
                update.removed = [key]
                current[key] = nil
                arrived.removeAll { $0 == key }
            case 2 where current.count < 150:
                // A large batch (a whole read): sorted at once. (Two or three of them: each step
                // checks against a whole sort, and more rows only make every step slower.)
                for _ in 0..<Int.random(in: 65...80, using: &random) {
                    serial += 1
                    upserted.append(RecordRow(record(RecordKey("k\(serial)"))))
                }
            default:
                // A new row, or a change of one (its name, its createdAt, or neither).
                let key = Bool.random(using: &random) || current.isEmpty
                    ? { serial += 1; return RecordKey("k\(serial)") }() : current.keys.sorted().randomElement(using: &random)!
                upserted.append(RecordRow(record(key)))
                // Another row, unchanged: it keeps its place. Never the row just changed: the later
                // copy of a row in one update is its newer state, and a state older than the one
                // before it (a confirmed row without its `createdAt` again) is not one a server sends.
                if Bool.random(using: &random), let other = current.keys.sorted().randomElement(using: &random), other != key {
                    upserted.append(RecordRow(current[other]!.record))
                }
            }
            update = RecordRowUpdate(upserted: upserted, removed: update.removed)
            rows.apply(update)
            for row in upserted {
                if current[row.id] == nil { arrived.append(row.id) }
                current[row.id] = row
            }
            #expect(rows.order == Self.wholeSort(arrived.map { current[$0]! }, byName: rows.sort != .creation), "seed \(seed)")
            #expect(rows.order == Self.documentedOrder(arrived.map { current[$0]! }, byName: rows.sort != .creation), "seed \(seed)")
            #expect(rows.count == current.count)
        }
    }

    /// The sort by name: numbers as numbers, and no case, accents or width.
    @Test func namesSortAsPeopleReadThem() {
        let names = ["Unit 10", "unit 9", "Zoo", "Émile", "emile 2", "Unit 9b", "a10b", "a2b", "Ｂ", "b1", "007", "8"]
        let sorted = names.sorted { ModelRows.nameKey($0) < ModelRows.nameKey($1) }
        #expect(sorted == ["007", "8", "a2b", "a10b", "Ｂ", "b1", "Émile", "emile 2", "unit 9", "Unit 9b", "Unit 10", "Zoo"])
        #expect(ModelRows.nameKey("Rent") == ModelRows.nameKey("rent"))
        #expect(ModelRows.nameKey("Café") == ModelRows.nameKey("CAFE"))
    }

    /// `s` steps through creation and every short column, as the sample's steps through creation,
    /// name and address: a field's rows in its order, those without a value last.
    @Test func anyShortColumnSortsTheListRowsWithoutAValueLast() throws {
        #expect(ModelRows.sorts(of: .realEstateProperty) == [.creation, .field("name"), .field("address")])
        let layout = try RecordLayout(model: .realEstateProperty, schema: .realEstateProperty)
        func row(_ id: String, _ name: String, _ address: String?, created: String) -> RecordRow<ModelRecord> {
            var values: [String: ModelValue] = ["id": .string(id), "name": .string(name), "createdAt": .string(created)]
            values["address"] = address.map(ModelValue.string)
            return RecordRow(ModelRecord(layout: layout, key: RecordKey(id), values: values, version: 1))
        }
        var rows = ModelRows()
        rows.replaceAll([
            row("a", "Villa", "12 Quay St", created: "2026-11-01T10:00:00.000Z"),
            row("b", "Loft", nil, created: "2026-11-02T10:00:00.000Z"),
            row("c", "Cabin", "8 Aspen Way", created: "2026-11-03T10:00:00.000Z"),
            row("d", "Mill", "100 Quay St", created: "2026-11-04T10:00:00.000Z"),
        ])
        rows.sort = .field("address")
        #expect(rows.order.map(\.text) == ["c", "a", "d", "b"], "numbers as numbers; no address last")
        rows.sort = .field("name")
        #expect(rows.order.map(\.text) == ["c", "b", "d", "a"])
        let transactions = try RecordLayout(
            model: try #require(ModelIntrospectionReader.read(Data(contentsOf: Self.fixture)).model(named: "Transaction")),
            schema: ModelIntrospectionReader.read(Data(contentsOf: Self.fixture)))
        let sorts = ModelRows.sorts(of: transactions.model)
        #expect(sorts.first == .creation && sorts.dropFirst().first == .field(transactions.model.displayField))
        #expect(!sorts.contains(.field("tags")) && !sorts.contains(.field("receipt")), "no list or custom type")
    }

    /// The typed filter looks in every value as the list writes it, without case or accents; a
    /// relation's filter narrows first.
    @Test func theFilterLooksInEveryValueWithoutCaseOrAccents() throws {
        let schema = try ModelIntrospectionReader.read(Data(contentsOf: Self.fixture))
        let layout = try RecordLayout(model: try #require(schema.model(named: "Transaction")), schema: schema)
        let record = ModelRecord(
            layout: layout, key: RecordKey("t1"),
            values: ["description": .string("Café Müller"), "amount": .float(12.5), "kind": .enumValue("EXPENSE"),
                     "date": .string("2026-11-01"), "categoryId": .string("groceries")], version: 1)
        func matches(_ text: String, relation: RecordFilter? = nil) -> Bool {
            ModelRowPolicy.matches(record, ModelRowPolicy.Filter(relation: relation, text: text))
        }
        #expect(matches("MULLER") && matches("cafe") && matches("12.5") && matches("expense") && matches("2026-11"))
        #expect(!matches("zzz") && !matches("rent"))
        #expect(matches("", relation: RecordFilter(model: "Transaction", matches: [.init(field: "categoryId", value: .string("groceries"))])))
        #expect(!matches("cafe", relation: RecordFilter(model: "Transaction", matches: [.init(field: "categoryId", value: .string("rent"))])))
    }

    /// A row the server confirmed keeps its `createdAt`, and so its place, when a later copy of it
    /// comes without one (an event that leaves the field out): what the property above once met
    /// when its generator sent a row's older copy after its newer one in the same update.
    @Test func aConfirmedRowKeepsItsPlaceWhenACopyComesWithoutItsTime() throws {
        let schema = try ModelIntrospectionReader.read(Data(contentsOf: Self.fixture))
        let layout = try RecordLayout(model: try #require(schema.model(named: "Transaction")), schema: schema)
        func row(_ key: String, created: String?) -> RecordRow<ModelRecord> {
            var values: [String: ModelValue] = ["description": .string(key), "amount": .float(1), "kind": .enumValue("EXPENSE"), "date": .string("2026-11-01")]
            if let created { values["createdAt"] = .string(created) }
            return RecordRow(ModelRecord(layout: layout, key: RecordKey(key), values: values, version: 1))
        }
        var rows = ModelRows()
        rows.apply(RecordRowUpdate(upserted: [row("a", created: nil), row("b", created: "2026-11-02T10:00:00.000Z")]))
        #expect(rows.order == [RecordKey("b"), RecordKey("a")], "confirmed first, then the pending one")
        rows.apply(RecordRowUpdate(upserted: [row("a", created: "2026-11-01T10:00:00.000Z"), row("a", created: nil)]))
        #expect(rows.order == [RecordKey("a"), RecordKey("b")], "a's confirmation moved it, and the copy without its time did not move it back")
    }
}
