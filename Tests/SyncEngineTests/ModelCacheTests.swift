import AmplifyModels
import AppSync
import Foundation
import GRDB
import OptimisticStore
import Testing
@testable import SyncEngine

/// Any model's cache and outbox (`ModelCache`) in the backend's SQLite file, on real files: a
/// fixture's `Transaction` (every kind of value) and two composite-key models, `Budget` and
/// another fixture's `CourtBooking`, beside the sample's model. One outbox orders every model's
/// operations; each model's cache, marks and clearing are its own.
@Suite struct ModelCacheTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("AmplifyModelsTests/Fixtures")

    let transactions: RecordLayout
    let budgets: RecordLayout
    let bookings: RecordLayout

    init() throws {
        let household = try ModelIntrospectionReader.read(Data(contentsOf: Self.fixtures.appendingPathComponent("household-budget.json")))
        transactions = try Self.layout("Transaction", household)
        budgets = try Self.layout("Budget", household)
        let courts = try ModelIntrospectionReader.read(Data(contentsOf: Self.fixtures.appendingPathComponent("court-bookings.json")))
        bookings = try Self.layout("CourtBooking", courts)
    }

    static func layout(_ name: String, _ schema: ModelSchema) throws -> RecordLayout {
        try RecordLayout(model: try #require(schema.models.first { $0.name == name }), schema: schema)
    }

    static func temporaryPath() -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("proptui-model-cache-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.appendingPathComponent("outbox.sqlite").path
    }

    /// A `Transaction` holding a value of every kind: text, Float, Int, enum, AWSDate,
    /// AWSDateTime, a list, a custom type (JSON), and nulls.
    func rent(_ id: String = "3f1c0b6e-8a52-4a8e-9d0f-2b7c5e1a9d44", version: Int = 1) -> ModelRecord {
        ModelRecord(
            layout: transactions, key: RecordKey(id),
            values: [
                "description": .string("Rent, “November” #1"), "amount": .float(900.25), "quantity": .int(1),
                "kind": .enumValue("EXPENSE"), "date": .string("2026-11-01"), "bookedAt": .string("2026-11-01T09:30:00.000Z"),
                "tags": .list([.string("home"), .null, .string("monthly")]),
                "receipt": .json(.object(["merchant": .string("Landlord"), "total": .double(900.25), "lines": .array([.string("rent")])])),
                "categoryId": .null, "createdAt": .string("2026-11-01T09:30:00.000Z"), "updatedAt": .string("2026-11-01T09:30:00.000Z"),
            ],
            version: version, lastChangedAt: 1_800_000_000_000)
    }

    /// A composite key whose parts hold `#`, which `RecordKey.text` would make ambiguous.
    func budget(_ tenant: String = "t#1", _ sku: String = "A#2", version: Int = 1) -> ModelRecord {
        ModelRecord(
            layout: budgets, key: RecordKey([.init(text: tenant), .init(text: sku)]),
            values: [
                "title": .string("Groceries"), "limit": .float(400), "period": .enumValue("MONTHLY"), "startsOn": .string("2026-11-01"),
                "reviewAt": .string("09:00:00.000"), "settings": .json(.object(["alert": .bool(true), "at": .double(0.8)])),
                "lastRunAt": .int(1_800_000_000), "months": .list([.int(1), .int(2), .int(3)]),
            ],
            version: version)
    }

    func booking(_ court: String = "C1", _ slot: String = "2026-11-25T10", version: Int = 1) -> ModelRecord {
        ModelRecord(
            layout: bookings, key: RecordKey([.init(text: court), .init(text: slot)]),
            values: ["playerName": .string("Ada"), "kind": .enumValue(bookings.schema.enums["BookingKind"]?.values.first ?? ""), "fee": .float(12.5)],
            version: version)
    }
}

// MARK: - The outbox

extension ModelCacheTests {
    /// Every change kind of every value kind is written, rewritten (attempts, error) and read back
    /// after a reopen exactly as it was made; settling writes the record to the model's table.
    /// Views read whole are kept per model by their filter's text, newest first, the newest 100;
    /// another model's are its own, and an emptied cache forgets them (their rows are gone).
    @Test func viewsReadAreKeptPerModelNewestFirstAndGoWithTheCache() throws {
        let storage = try SyncStorage()
        let cache = try storage.cache(for: transactions)
        let other = try storage.cache(for: budgets)
        for minute in 0..<(ModelCache.viewsKept + 5) {
            try cache.setViewRead(ViewRead(filter: "amount >= \(minute)", at: Date(timeIntervalSince1970: Double(1_800_000_000 + minute * 60))))
        }
        try cache.setViewRead(ViewRead(filter: "amount >= 3", at: Date(timeIntervalSince1970: 1_900_000_000)))  // read again: newest
        try other.setViewRead(ViewRead(filter: "limit > 5", at: Date(timeIntervalSince1970: 1_800_000_000)))
        let read = try cache.viewsRead()
        #expect(read.count == ModelCache.viewsKept)
        #expect(read.first == ViewRead(filter: "amount >= 3", at: Date(timeIntervalSince1970: 1_900_000_000)))
        #expect(read.dropFirst().first?.filter == "amount >= \(ModelCache.viewsKept + 4)")
        #expect(!read.contains { $0.filter == "amount >= 0" }, "the oldest went")
        #expect(try other.viewsRead().map(\.filter) == ["limit > 5"])
        try cache.clearCache()
        #expect(try cache.viewsRead().isEmpty)
        #expect(try other.viewsRead().count == 1)
    }

    @Test func everyChangeKindRoundTripsThroughTheFile() throws {
        let path = Self.temporaryPath()
        let created = rent("new-one", version: 0)
        let patch = ModelRecordPatch([
            "amount": .float(950.5), "kind": .enumValue("INCOME"), "date": .string("2026-12-01"), "tags": .list([]),
            "receipt": .null, "quantity": .null, "bookedAt": .string("2026-12-01T08:00:00.000Z"),
        ])
        var made: [PendingOperation<ModelRecord>] = []
        do {
            let cache = try SyncStorage(path: path).cache(for: transactions)
            try cache.merge([rent()])
            let store = OptimisticStore<ModelRecord>(confirmed: [rent()])
            let ids = [
                store.apply(.create(created)).operation,
                store.apply(.update(rent().id, patch)).operation,
                store.apply(.delete(rent().id)).operation,
            ]
            for id in ids { try cache.append(try #require(store.operation(id))) }
            store.noteSent(ids[1])
            try cache.update(try #require(store.operation(ids[1])))
            made = ids.compactMap { store.operation($0) }
        }
        let cache = try SyncStorage(path: path).cache(for: transactions)
        let (kept, _) = try cache.loadStart(firstBatch: 10)
        #expect(kept.pending == made)
        #expect(kept.pending[1].attempts == 1)
        #expect(kept.pending[1].base == rent())
        #expect(Set(kept.confirmed) == [rent()], "the outbox's record may come twice, as the sample's does")

        // The create is confirmed: it leaves the outbox and the server's copy is cached, together.
        var confirmedCreate = created
        confirmedCreate.version = 1
        try cache.settle([made[0].id], writing: confirmedCreate)
        let (after, _) = try cache.loadStart(firstBatch: 10)
        #expect(after.pending == Array(made.dropFirst()))
        #expect(Set(after.confirmed) == [rent(), confirmedCreate])
        #expect(try cache.outboxCount() == 2)
    }

    /// The sample's operations and two models', made in turns: one sequence in the file, each
    /// list reads its own back in its order, and never another model's rows.
    @Test func oneOutboxOrdersEveryModelsOperations() throws {
        let path = Self.temporaryPath()
        let villa = property("villa", name: "Villa Rosa", version: 1)
        do {
            let storage = try SyncStorage(path: path)
            let samples = try storage.sampleCache(), money = try storage.cache(for: transactions), plans = try storage.cache(for: budgets)
            let sample = OptimisticStore<ModelRecord>(confirmed: [villa])
            let moneyStore = OptimisticStore<ModelRecord>(confirmed: [rent()]), planStore = OptimisticStore<ModelRecord>(confirmed: [budget()])
            for round in 0..<3 {
                let name = sample.apply(.update("villa", propertyPatch(name: "Villa \(round)"))).operation
                try samples.append(try #require(sample.operation(name)))
                let amount = moneyStore.apply(.update(rent().id, ModelRecordPatch(["amount": .float(Double(round))]))).operation
                try money.append(try #require(moneyStore.operation(amount)))
                let months = planStore.apply(.update(budget().id, ModelRecordPatch(["months": .list([.int(Int64(round))])]))).operation
                try plans.append(try #require(planStore.operation(months)))
            }
        }
        let storage = try SyncStorage(path: path)
        #expect(try storage.outboxCount() == 9)
        let samples = try storage.sampleCache()
        let sample = try samples.loadStart(firstBatch: 1).snapshot.pending
        #expect(sample.map(\.id.rawValue) == [1, 2, 3], "each list numbers its own operations")
        #expect(sample.map(\.change) == (0..<3).map { .update("villa", propertyPatch(name: "Villa \($0)")) })
        let moneyOperations = try storage.cache(for: transactions).loadStart(firstBatch: 1).snapshot.pending
        #expect(moneyOperations.map(\.change) == (0..<3).map { .update(rent().id, ModelRecordPatch(["amount": .float(Double($0))])) })
        let plans = try storage.cache(for: budgets).loadStart(firstBatch: 1).snapshot.pending
        #expect(plans.map(\.change) == (0..<3).map { .update(budget().id, ModelRecordPatch(["months": .list([.int(Int64($0))])])) })

        // In the file, one order: the sample's, then each model's, round after round.
        let database = try DatabaseQueue(path: path)
        let order = try database.read { db in try String?.fetchAll(db, sql: "SELECT model FROM outbox ORDER BY seq") }
        #expect(order == Array(repeating: ["RealEstateProperty", "Transaction", "Budget"], count: 3).flatMap { $0 })

        // An operation is one row: appending it again fails, the sample's as another model's.
        let money = try storage.cache(for: transactions)
        #expect(throws: SyncStorageError.self) { try samples.append(sample[0]) }
        #expect(throws: SyncStorageError.self) { try money.append(moneyOperations[0]) }

        // Settling the sample's first operation leaves the other models' operations of the same number alone.
        try samples.settle([OperationID(rawValue: 1)], writing: nil)
        #expect(try storage.outboxCount() == 8)
        #expect(try storage.cache(for: transactions).outboxCount() == 3)
    }

    /// A model's row that is not what it wrote (another program, a damaged page) is the same
    /// clear error as the sample's, naming the file.
    @Test func anUnreadableModelOperationIsACorruptOutbox() throws {
        let path = try outboxHoldingOneChange()
        let database = try DatabaseQueue(path: path)
        try database.write { try $0.execute(sql: "UPDATE outbox SET patch = '{\"amount\": 1}'") }
        try database.close()
        let cache = try SyncStorage(path: path).cache(for: transactions)
        #expect {
            try cache.loadStart(firstBatch: 10)
        } throws: { error in
            guard case SyncStorageError.corruptOutbox(let reason) = error else { return false }
            return reason.contains(path)
        }
        // Another model's outbox (the sample's) does not hold it, and opens.
        #expect(try SyncStorage(path: path).sampleCache().load().pending.isEmpty)
    }

    /// A column holding what no text is (bytes that are not UTF-8, a NULL where the table said
    /// NOT NULL) is an error naming the file, never a crash.
    @Test func anOutboxColumnOfTheWrongKindIsAnErrorNotACrash() throws {
        for damage in ["recordID = x'00ff'", "kind = NULL", "patch = NULL"] {
            let path = try outboxHoldingOneChange()
            let database = try DatabaseQueue(path: path)
            // `kind` and `patch` are NOT NULL: the check is dropped as another program might have.
            try database.write { db in
                try db.execute(sql: "PRAGMA ignore_check_constraints = ON")
                try db.execute(sql: "PRAGMA writable_schema = ON")
                try db.execute(sql: "UPDATE sqlite_master SET sql = replace(replace(sql, '\"kind\" TEXT NOT NULL', '\"kind\" TEXT'), '\"patch\" TEXT NOT NULL', '\"patch\" TEXT') WHERE name = 'outbox'")
            }
            try database.close()
            let reopened = try DatabaseQueue(path: path)
            try reopened.write { try $0.execute(sql: "UPDATE outbox SET \(damage)") }
            try reopened.close()
            let cache = try SyncStorage(path: path).cache(for: transactions)
            #expect("\(damage)") {
                try cache.loadStart(firstBatch: 10)
            } throws: { error in
                error is SyncStorageError && "\(error)".contains(path)
            }
        }
    }

    /// A new outbox file holding one change of `rent()`, closed: what the tests above damage.
    func outboxHoldingOneChange() throws -> String {
        let path = Self.temporaryPath()
        let cache = try SyncStorage(path: path).cache(for: transactions)
        let store = OptimisticStore<ModelRecord>(confirmed: [rent()])
        try cache.append(try #require(store.operation(store.apply(.update(rent().id, ModelRecordPatch(["amount": .float(1)]))).operation)))
        return path
    }
}

// MARK: - The cache

extension ModelCacheTests {
    @Test func aMergeKeepsTheNewerVersion() throws {
        let cache = try SyncStorage(path: Self.temporaryPath()).cache(for: budgets)
        var newer = budget(version: 3)
        newer["title"] = .string("Food")
        try cache.merge([newer])
        try cache.merge([budget(version: 2)])
        #expect(try cache.loadStart(firstBatch: 10).snapshot.confirmed == [newer])
        var newest = budget(version: 4).tombstone(atLeast: 4).strippedTombstone()
        newest.lastChangedAt = 1_800_000_000_000
        try cache.merge([newest])
        #expect(try cache.loadStart(firstBatch: 10).snapshot.confirmed == [newest], "a tombstone, required fields empty, is read back")
    }

    /// A row whose required field holds null (kept before the field became required) is left out
    /// when read back, unless it is a tombstone; the one walk of its bytes that checks them finds it.
    @Test func aRowLackingARequiredValueIsLeftOut() throws {
        let cache = try SyncStorage(path: Self.temporaryPath()).cache(for: transactions)
        var lacking = rent("5b0c1d2e-0000-4000-8000-000000000001")
        lacking["amount"] = .null
        var gone = rent("5b0c1d2e-0000-4000-8000-000000000002", version: 2).tombstone(atLeast: 2)
        gone["amount"] = .null
        try cache.merge([rent(), lacking, gone])
        let read = try cache.load().confirmed
        #expect(read.map(\.id) == [rent().id, gone.id], "the tombstone stays, the live row without an amount goes")
    }

    /// Batches by rowid: every record once, in the order stored; `remove` ends a whole read.
    @Test func theCacheIsReadInBatches() throws {
        let storage = try SyncStorage(path: Self.temporaryPath())
        let cache = try storage.cache(for: bookings)
        let records = (0..<25).map { booking("C\($0 % 3)", "slot \($0)") }
        try cache.merge(records)
        var (start, next) = try cache.loadStart(firstBatch: 10)
        #expect(start.cachedCount == 25 && start.refreshedAt == nil)
        var read = start.confirmed
        while let position = next {
            let batch = try cache.cachedRecords(after: position, limit: 10)
            read += batch.records
            next = batch.next
        }
        #expect(read == records)

        try cache.remove([records[0].id, records[1].id], refreshedAt: Date(timeIntervalSince1970: 1_800_000_000), rowCount: 23)
        (start, next) = try cache.loadStart(firstBatch: 100)
        #expect(start.confirmed == Array(records.dropFirst(2)) && next == nil)
        #expect(start.cachedCount == 23 && start.refreshedAt == Date(timeIntervalSince1970: 1_800_000_000))
    }

    /// A first load's batches are appended to the empty table without the key's index (inserted
    /// into it in the server's order, they cost most of a large load); the end of the read (its
    /// removal) builds the index, keeping of a record written twice meanwhile the copy an upsert
    /// keeps: the newest version, the last written among equal ones.
    @Test func aFirstLoadIsAppendedAndIndexedWhenItEnds() throws {
        let storage = try SyncStorage(path: Self.temporaryPath())
        let cache = try storage.cache(for: transactions)
        #expect(try keyIndexes(storage, "model_Transaction") == 1)
        let ids = (0..<ModelCache.appendingBatch).map { _ in UUID().uuidString.lowercased() }
        try cache.merge(ids.map { rent($0, version: 2) })
        #expect(try keyIndexes(storage, "model_Transaction") == 0)

        var newer = rent(ids[1], version: 3), later = rent(ids[2], version: 2)
        newer["description"] = .string("Rent, revised")
        later["description"] = .string("Rent, said again")
        try cache.merge([rent(ids[0], version: 1), newer])
        try cache.commit([.cache([later])])
        try cache.remove([RecordKey(ids[3])], refreshedAt: Date(), rowCount: ids.count - 1)

        #expect(try keyIndexes(storage, "model_Transaction") == 1)
        let read = try cache.load().confirmed
        #expect(read.count == ids.count - 1 && Set(read.map(\.id)).count == read.count)
        let byID = Dictionary(uniqueKeysWithValues: read.map { ($0.id, $0) })
        #expect(byID[RecordKey(ids[0])] == rent(ids[0], version: 2), "an older copy written after does not win")
        #expect(byID[RecordKey(ids[1])] == newer && byID[RecordKey(ids[2])] == later && byID[RecordKey(ids[3])] == nil)
        // Indexed again, a batch merged into the table that is no longer empty is upserted.
        try cache.merge(ids.map { rent($0, version: 1) })
        let again = try cache.load().confirmed
        #expect(try keyIndexes(storage, "model_Transaction") == 1 && again.count == ids.count)
        #expect(again.first { $0.id == newer.id } == newer)
    }

    /// A first load's end with nothing to delete does not wait for the index: the tidying after
    /// it builds it (off the list's way), keeping the newest copy of a record a live event
    /// appended in between, and empties the WAL.
    @Test func aFirstLoadWithNothingToDeleteIsIndexedByTheTidyingAfterIt() async throws {
        let storage = try SyncStorage(path: Self.temporaryPath())
        let cache = try storage.cache(for: transactions)
        let ids = (0..<ModelCache.appendingBatch).map { _ in UUID().uuidString.lowercased() }
        try cache.merge(ids.map { rent($0, version: 1) })
        try cache.remove([], refreshedAt: Date(timeIntervalSince1970: 1_800_000_000), rowCount: ids.count)
        #expect(try keyIndexes(storage, "model_Transaction") == 0)
        var event = rent(ids[7], version: 2)
        event["description"] = .string("Rent, from a live event")
        try cache.merge([event])
        #expect(storage.walSize() > 0)

        try await cache.tidyAfterWholeRead()
        #expect(try keyIndexes(storage, "model_Transaction") == 1)
        #expect(storage.walSize() == 0)
        let read = try cache.load()
        #expect(read.confirmed.count == ids.count && read.confirmed.first { $0.id == event.id } == event)
        #expect(read.refreshedAt == Date(timeIntervalSince1970: 1_800_000_000))
    }

    /// A process killed in the middle of a first load left rows without the index, a record
    /// twice: the next open builds it, the newer copy kept. A table made before the index was its
    /// own (`key TEXT PRIMARY KEY`) is made again when a first load finds it empty.
    @Test func aLoadCutShortIsIndexedWhenTheFileOpensAgain() throws {
        let path = Self.temporaryPath()
        let ids = (0..<ModelCache.appendingBatch).map { _ in UUID().uuidString.lowercased() }
        var newer = rent(ids[0], version: 5)
        newer["quantity"] = .int(2)
        do {
            let storage = try SyncStorage(path: path)
            try storage.database.write { db in
                try db.execute(sql: """
                    CREATE TABLE "model_Transaction" (key TEXT PRIMARY KEY NOT NULL, fields TEXT NOT NULL,
                      _version INTEGER NOT NULL, _deleted BOOLEAN NOT NULL, _lastChangedAt INTEGER, valueBytes BLOB)
                    """)
            }
            let cache = try storage.cache(for: transactions)
            try cache.merge(ids.map { rent($0, version: 4) } + [newer])
            #expect(try keyIndexes(storage, "model_Transaction") == 0)
        }
        let storage = try SyncStorage(path: path)
        let read = try storage.cache(for: transactions).load().confirmed
        #expect(try keyIndexes(storage, "model_Transaction") == 1)
        #expect(read.count == ids.count && read.first { $0.id == newer.id } == newer)
    }

    /// The unique indexes on a model's `key`.
    private func keyIndexes(_ storage: SyncStorage, _ table: String) throws -> Int {
        try storage.database.read { db in try db.indexes(on: table).filter { $0.isUnique && $0.columns == ["key"] }.count }
    }

    /// Remove, clear and marks touch their own model: not another model's, not the sample's.
    @Test func eachModelsCacheAndMarksAreItsOwn() throws {
        let storage = try SyncStorage(path: Self.temporaryPath())
        let samples = try storage.sampleCache(), money = try storage.cache(for: transactions), plans = try storage.cache(for: budgets)
        let villa = property("villa", name: "Villa Rosa", version: 1)
        try samples.merge([villa])
        try money.merge([rent()])
        try plans.merge([budget()])
        try samples.setSyncMarks(lastSync: 1, baseSync: nil)
        try money.setSyncMarks(lastSync: 2, baseSync: Date(timeIntervalSince1970: 20))
        try plans.setSyncMarks(lastSync: 3, baseSync: nil)
        #expect(try money.syncMarks() == .init(lastSync: 2, lastBaseSync: Date(timeIntervalSince1970: 20)))

        try plans.remove([rent().id], refreshedAt: Date(), rowCount: 1)
        #expect(try money.loadStart(firstBatch: 10).snapshot.confirmed == [rent()], "another model's key is not this model's")
        try money.clearCache()
        #expect(try money.loadStart(firstBatch: 10).snapshot.confirmed.isEmpty)
        #expect(try money.syncMarks() == .init())
        #expect(try plans.loadStart(firstBatch: 10).snapshot.confirmed == [budget()])
        #expect(try plans.syncMarks().lastSync == 3)
        #expect(try samples.load().confirmed == [villa])
        #expect(try samples.syncMarks().lastSync == 1)

        // The dialect is the backend's: a change drops every model's marks with the sample's.
        try storage.setDialect(.versioned)
        #expect(try plans.dialect() == .versioned)
        try plans.setDialect(.plain)
        #expect(try storage.dialect() == .plain)
        #expect(try samples.syncMarks() == .init() && plans.syncMarks() == .init())
    }

    /// The backend's schema changed: the rows cached under the old description are dropped with
    /// the marks, so the next read is a whole one that brings every record back; the outbox and
    /// the rows written since are kept.
    @Test func aCacheWrittenUnderAnotherDescriptionIsReadAgain() throws {
        let path = Self.temporaryPath()
        // The same fixture, where `Transaction.amount` was a String.
        var file = try JSONSerialization.jsonObject(with: Data(contentsOf: Self.fixtures.appendingPathComponent("household-budget.json"))) as! [String: Any]
        var data = file["data"] as! [String: Any], introspection = data["model_introspection"] as! [String: Any]
        var models = introspection["models"] as! [String: Any], transaction = models["Transaction"] as! [String: Any]
        var fields = transaction["fields"] as! [String: Any], amount = fields["amount"] as! [String: Any]
        amount["type"] = "String"
        fields["amount"] = amount; transaction["fields"] = fields; models["Transaction"] = transaction
        introspection["models"] = models; data["model_introspection"] = introspection; file["data"] = data
        let older = try Self.layout("Transaction", ModelIntrospectionReader.read(JSONSerialization.data(withJSONObject: file)))
        #expect(older.fingerprint != transactions.fingerprint)
        do {
            let cache = try SyncStorage(path: path).cache(for: older)
            var words = ModelRecord(layout: older, key: RecordKey("words"), values: rent().valuesByName, version: 1)
            words["amount"] = .string("nine hundred")
            try cache.merge([words])
            try cache.setSyncMarks(lastSync: 1_800_000_000_000, baseSync: Date())
            let store = OptimisticStore<ModelRecord>(confirmed: [])
            try cache.append(try #require(store.operation(store.apply(.create(ModelRecord(layout: older, key: RecordKey("pending"), values: ["description": .string("x")]))).operation)))
        }
        let cache = try SyncStorage(path: path).cache(for: transactions)
        #expect(try cache.syncMarks() == .init(), "the next read is a whole one")
        #expect(try cache.loadStart(firstBatch: 10).snapshot.confirmed.isEmpty)
        #expect(try cache.outboxCount() == 1, "the outbox keeps its operation")
        try cache.merge([rent("fits")])
        // Opened again under the same description, the rows stay.
        let again = try SyncStorage(path: path).cache(for: transactions)
        #expect(try again.loadStart(firstBatch: 10).snapshot.confirmed.contains(rent("fits")))
    }

    /// Rows a version before this one wrote (the values as one JSON object, no bytes) are still
    /// read: those that fit the model as it is now; the others are left out, and nothing fails.
    @Test func rowsOfJSONFromBeforeAreStillRead() throws {
        let path = Self.temporaryPath()
        let storage = try SyncStorage(path: path)
        _ = try storage.cache(for: transactions)
        try storage.database.write { db in
            try db.execute(sql: """
                INSERT INTO "model_Transaction" (key, fields, _version, _deleted, _lastChangedAt) VALUES
                  ('["j1"]', '{"id":"j1","description":"Old row","amount":12.5,"kind":"INCOME","date":"2026-11-02","tags":["a"]}', 2, 0, 5),
                  ('["j2"]', '{"id":"j2","description":"Unfit","amount":"twelve","kind":"INCOME","date":"2026-11-02"}', 1, 0, 5)
                """)
        }
        let read = try SyncStorage(path: path).cache(for: transactions).loadStart(firstBatch: 10).snapshot.confirmed
        #expect(read.map(\.id) == [RecordKey("j1")])
        #expect(read.first?["amount"] == .float(12.5) && read.first?["tags"] == .list([.string("a")]) && read.first?.version == 2)
    }

    /// A row whose bytes were damaged (cut short, a byte changed, anything at all) is left out,
    /// never read as something else and never a crash; the good rows around it are read.
    @Test func aDamagedRowIsLeftOut() throws {
        let path = Self.temporaryPath()
        let cache = try SyncStorage(path: path).cache(for: transactions)
        try cache.merge([rent("good")])
        let good = rent("good").storedBytes
        var random = SystemRandomNumberGenerator()
        var damaged: [[UInt8]] = [[], [0xFF], Array(good.dropLast()), good + [0]]
        for _ in 0..<300 {
            var bytes = good
            bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
            damaged.append(bytes)
            damaged.append((0..<Int.random(in: 1..<64, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) })
        }
        for bytes in damaged {
            // Straight through the reader: a record or nil, never a trap.
            _ = bytes.withUnsafeBytes { ModelRecord(layout: transactions, storedBytes: $0, version: 1, isDeleted: false, lastChangedAt: nil) }
        }
        try cache.storage.database.write { db in
            try db.execute(
                sql: #"INSERT INTO "model_Transaction" (key, fields, _version, _deleted, valueBytes) VALUES ('["bad"]', '', 1, 0, ?)"#,
                arguments: [Data(good.dropLast(3))])
        }
        #expect(try cache.loadStart(firstBatch: 10).snapshot.confirmed == [rent("good")])
    }

    /// Every kind of value, a tombstone and a composite key come back from their bytes as they were.
    @Test func recordsComeBackFromTheirBytes() throws {
        let cache = try SyncStorage(path: Self.temporaryPath()).cache(for: transactions)
        var gone = rent("gone", version: 3)
        gone = gone.tombstone(atLeast: 4)
        try cache.merge([rent(), gone])
        #expect(Set(try cache.loadStart(firstBatch: 10).snapshot.confirmed) == [rent(), gone])
        let budgetsCache = try SyncStorage(path: Self.temporaryPath()).cache(for: budgets)
        try budgetsCache.merge([budget()])
        #expect(try budgetsCache.loadStart(firstBatch: 10).snapshot.confirmed == [budget()])
    }
}

// MARK: - The file's history

extension ModelCacheTests {
    /// A file made before models had a cache (migration v1 only, tables as v1 made them, with a
    /// pending operation of the sample's own screen): it opens and migrates; the sample's model
    /// takes that operation with its id, its attempts and its failure, and the marks; new
    /// operations of the sample and of another model follow it in the one order.
    @Test func aV1FileOpensAndMigrates() throws {
        let path = Self.temporaryPath()
        let database = try DatabaseQueue(path: path)
        try database.write { db in
            try db.execute(sql: """
                CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
                INSERT INTO grdb_migrations VALUES ('v1');
                CREATE TABLE confirmed (id TEXT PRIMARY KEY, name TEXT NOT NULL, address TEXT, createdAt TEXT, updatedAt TEXT,
                  _version INTEGER NOT NULL, _deleted BOOLEAN NOT NULL, _lastChangedAt INTEGER);
                CREATE TABLE outbox (seq INTEGER PRIMARY KEY, recordID TEXT NOT NULL, kind TEXT NOT NULL, patch TEXT NOT NULL,
                  base TEXT, before TEXT, attempts INTEGER NOT NULL, lastError TEXT);
                CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
                INSERT INTO confirmed VALUES ('villa', 'Villa Rosa', NULL, NULL, NULL, 1, 0, NULL);
                INSERT INTO meta VALUES ('lastSync', '42');
                INSERT INTO outbox VALUES (7, 'villa', 'update', '{"name":"Villa Blu"}',
                  '{"id":"villa","name":"Villa Rosa","_version":1,"_deleted":false}', NULL, 2, 'timed out');
                """)
        }
        try database.close()

        let storage = try SyncStorage(path: path)
        let samples = try storage.cache(for: sampleLayout, takingTheSamplesRows: true)
        let kept = try samples.load()
        #expect(kept.pending.map(\.id.rawValue) == [7])
        #expect(kept.pending.first?.change == .update("villa", propertyPatch(name: "Villa Blu")))
        #expect(kept.pending.first?.base == property("villa", name: "Villa Rosa", version: 1))
        #expect(kept.pending.first?.attempts == 2 && kept.pending.first?.lastFailure == "timed out")
        #expect(try samples.syncMarks().lastSync == 42)

        // The old row is rewritten and settled by its id, as before.
        let store = OptimisticStore(confirmed: kept.confirmed, pending: kept.pending)
        store.noteSent(OperationID(rawValue: 7))
        try samples.update(try #require(store.operation(OperationID(rawValue: 7))))
        #expect(try samples.load().pending.first?.attempts == 3)

        let next = store.apply(.delete("villa")).operation
        #expect(next.rawValue == 8)
        try samples.append(try #require(store.operation(next)))
        let money = try storage.cache(for: transactions)
        let modelStore = OptimisticStore<ModelRecord>(confirmed: [])
        try money.append(try #require(modelStore.operation(modelStore.apply(.create(rent(version: 0))).operation)))
        #expect(try SyncStorage(path: path).sampleCache().load().pending.map(\.id.rawValue) == [7, 8])
        try samples.settle([OperationID(rawValue: 7)], writing: nil)
        #expect(try samples.load().pending.map(\.id.rawValue) == [8])
        #expect(try money.loadStart(firstBatch: 1).snapshot.pending.count == 1)
    }
}

// MARK: - The JSON a row holds

extension ModelCacheTests {
    /// What `JSONWriter` writes reads back as the same value: texts needing escapes, numbers
    /// at the edges of their forms, nesting.
    @Test func theRowsJSONReadsBackExactly() throws {
        let values: [JSONValue] = [
            .string("quote \" backslash \\ newline \n tab \t nul \u{0} bell \u{7} é 😀 # / </"),
            .double(0.1), .double(1e-7), .double(-0.0), .double(1e300), .double(900.25), .double(-Double.leastNonzeroMagnitude),
            .int(Int64.max), .int(Int64.min), .int(0), .bool(true), .bool(false), .null,
            .array([]), .object([:]), .array([.object(["a": .array([.int(1), .null])]), .string("")]),
        ]
        for value in values {
            var bytes: [UInt8] = []
            JSONWriter.append(value, to: &bytes)
            #expect(JSONValue(jsonText: bytes) == value, "\(String(decoding: bytes, as: UTF8.self))")
        }
        // Through the cache: a text with every escape, in a key part and in a value.
        let cache = try SyncStorage(path: Self.temporaryPath()).cache(for: budgets)
        var odd = budget("t \"1\"\n", "a\\b\u{1}")
        odd["title"] = .string("line\nnext \"quoted\" \\ \u{1f}")
        try cache.merge([odd])
        #expect(try cache.loadStart(firstBatch: 10).snapshot.confirmed == [odd])
        try cache.remove([odd.id], refreshedAt: Date(), rowCount: 0)
        #expect(try cache.loadStart(firstBatch: 10).snapshot.confirmed.isEmpty)
    }
}

extension ModelCacheTests {
    /// A key of numbers (`Int`, `AWSTimestamp`, `Float` parts), which no fixture has: its text
    /// form reads back as the same key, in the outbox as in the cache.
    @Test func aKeyOfNumbersComesBack() throws {
        let model = AmplifyModel(
            name: "Reading", pluralName: "Readings",
            fields: [
                ModelField(name: "sensor", type: .scalar(.int), isRequired: true),
                ModelField(name: "at", type: .scalar(.awsTimestamp), isRequired: true),
                ModelField(name: "depth", type: .scalar(.float), isRequired: true),
                ModelField(name: "value", type: .scalar(.float)),
            ],
            primaryKey: PrimaryKey(partitionKey: "sensor", sortKeys: ["at", "depth"]))
        let layout = try RecordLayout(model: model, schema: ModelSchema(models: [model]))
        let reading = ModelRecord(
            layout: layout, key: RecordKey([.int(-7), .int(1_800_000_000), .float(0.1)]), values: ["value": .float(21.5)], version: 1)
        let path = Self.temporaryPath()
        do {
            let cache = try SyncStorage(path: path).cache(for: layout)
            try cache.merge([reading])
            let store = OptimisticStore<ModelRecord>(confirmed: [reading])
            try cache.append(try #require(store.operation(store.apply(.update(reading.id, ModelRecordPatch(["value": .float(22)]))).operation)))
        }
        let cache = try SyncStorage(path: path).cache(for: layout)
        let (kept, _) = try cache.loadStart(firstBatch: 10)
        #expect(kept.pending.first?.recordID == reading.id)
        #expect(Set(kept.confirmed) == [reading])
        try cache.remove([reading.id], refreshedAt: Date(), rowCount: 0)
        #expect(try cache.loadStart(firstBatch: 10).snapshot.confirmed.isEmpty)
    }
}
