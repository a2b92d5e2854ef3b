import AmplifyModels
import AppSync
import Foundation
@testable import LocalAppSync
import OptimisticStore
@testable import SyncEngine
import Testing

/// Issue 32, item 4: marked rows changed at once go through the same outbox as single changes,
/// each record's change an operation of its own, and one `undo` takes back the whole batch. The
/// embedded server on loopback and the list's cache in a real SQLite file; what the server holds
/// at the end is checked, not what the list believes.
@Suite(.serialized) struct BatchUndoTests {
    static let count = 1_000

    /// `count` transactions made on the server by another client, and a list that has read them all.
    static func records(
        _ count: Int, on backend: ModelRecordListTests.Backend, events: EventRecorder
    ) async throws -> (RecordList<ModelRecord>, AppSyncModelAPI<ModelRecordSync>, [ModelRecord]) {
        let api = try backend.api()
        let layout = api.model.layout
        var made: [ModelRecord] = []
        // A few at a time: the whole suite shares two cores, and fifty connections at once have
        // timed out there.
        for start in stride(from: 0, to: count, by: 8) {
            made += try await withThrowingTaskGroup(of: ModelRecord.self) { group in
                for index in start..<min(count, start + 8) {
                    let record = try ModelRecordListTests.transaction(layout, "Item \(index)", amount: Double(index))
                    group.addTask { try await create(record, with: api) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
        }
        let cache = try SyncStorage(path: ModelRecordListTests.temporaryPath()).cache(for: layout)
        let list = try RecordList<ModelRecord>(
            api: api, storage: cache,
            options: SyncOptions(retryPolicy: ModelRecordListTests.fast, probePolicy: ModelRecordListTests.fast), onEvent: events.sink)
        await list.start()
        await eventually("the list to hold the \(count) records") { await list.rowCount == count }
        return (list, api, made)
    }

    /// A create that a transport failure does not fail: the record is looked for (its answer may
    /// have been lost), then sent again, as the list's own sender does.
    static func create(_ record: ModelRecord, with api: AppSyncModelAPI<ModelRecordSync>) async throws -> ModelRecord {
        for attempt in 1...5 {
            do {
                return try await api.send(.create(record))
            } catch {
                if let held = try? await api.get(id: record.id) { return held }
                if attempt == 5 { throw error }
                try await Task.sleep(for: .milliseconds(200 * attempt))
            }
        }
        throw CancellationError()
    }

    /// The outbox empty: a thousand operations, with the whole suite sharing two cores, have taken
    /// longer than the usual guard.
    static func settled(_ list: RecordList<ModelRecord>) async {
        await eventually("the outbox to empty", within: .seconds(900)) { await list.pendingCount == 0 }
    }

    /// Every record the server lists (tombstones too, on the versioned dialect).
    static func serverRecords(_ api: AppSyncModelAPI<ModelRecordSync>) async throws -> [ModelRecord] {
        var records: [ModelRecord] = []
        var token: String?
        repeat {
            let page = try await api.syncPage(limit: 1_000, nextToken: token, lastSync: nil)
            records += page.records
            token = page.nextToken
        } while token != nil
        return records
    }

    @Test(arguments: [APIDialect.plain, .versioned])
    func aBulkDeleteOfAThousandIsUndoneWithOneUndo(dialect: APIDialect) async throws {
        try await ModelRecordListTests.withBackend(dialect) { backend in
            let events = EventRecorder()
            let (list, api, made) = try await Self.records(Self.count, on: backend, events: events)
            let keys = made.map(\.id)

            #expect(try await list.delete(keys) == Self.count)
            #expect(await list.rowCount == 0, "every row goes at once")
            let started = await events.first { if case .batchStarted(let batch) = $0 { batch.kind == .delete } else { false } }
            if case .batchStarted(let batch)? = started { #expect(batch.recordIDs == keys, "named before their answers, in order") }
            // The screen hears of the thousand rows in one event, not a thousand.
            let all = events.all
            if let named = all.firstIndex(where: { if case .batchStarted = $0 { true } else { false } }),
               case .rowsChanged(let update)? = all[(named + 1)...].first(where: { if case .rowsChanged = $0 { true } else { false } }) {
                #expect(update.removed.count == Self.count)
            } else {
                Issue.record("no rows changed after the batch was named")
            }
            await Self.settled(list)
            let afterDelete = try await Self.serverRecords(api)
            #expect(afterDelete.filter { !$0.isDeleted }.isEmpty, "the server holds none of them")

            guard case .undone(let message, _) = await list.undo() else {
                Issue.record("the batch was not undone")
                return
            }
            await Self.settled(list)
            #expect(await list.rowCount == Self.count)
            let held = try await Self.serverRecords(api).filter { !$0.isDeleted }
            #expect(held.count == Self.count, "every record is back on the server")
            let byDescription = Dictionary(uniqueKeysWithValues: held.map { ($0["description"]!, $0) })
            for record in made {
                let back = byDescription[record["description"]!]
                #expect(back?["amount"] == record["amount"] && back?["receipt"] == record["receipt"], "\(record) came back whole")
            }
            if dialect.hasVersions {
                // The versioned dialect's tombstone holds each key: back as new records, as one undone delete is.
                #expect(message.contains("as new records"), "\(message)")
                #expect(Set(held.map(\.id)).isDisjoint(with: keys))
            } else {
                #expect(Set(held.map(\.id)) == Set(keys), "each record under its own key")
                #expect(message == "Undid deleting 1,000 records: they are back.", "\(message)")
            }
            // One undo took the whole batch: the next has nothing of it left.
            #expect(await list.undo() == .nothing)
        }
    }

    /// An edit of many: one field set on each, each against its own copy (a conflict is refused per
    /// record, never overwritten), and one undo puts each record's own previous value back.
    @Test(arguments: [APIDialect.plain, .versioned])
    func aBulkEditIsUndoneRecordByRecord(dialect: APIDialect) async throws {
        try await ModelRecordListTests.withBackend(dialect) { backend in
            let events = EventRecorder()
            let (list, api, made) = try await Self.records(200, on: backend, events: events)
            let some = made
            let layout = api.model.layout
            // Someone else changes the amount of one of them first: the batch's change of that record
            // is a conflict (or, when live sync brought theirs first, made on top of it).
            let contested = some[7]
            let theirs = try await api.send(.update(
                id: contested.id, try ModelRecordPatch.checked(["amount": .float(5555)], layout: layout), base: contested))
            #expect(theirs["amount"] == .float(5555))

            let patch = try ModelRecordPatch.checked(["kind": .enumValue("INCOME"), "amount": .float(1)], layout: layout)
            #expect(try await list.update(some.map(\.id), patch) == 200)
            await Self.settled(list)
            let refused = events.all.compactMap { if case .reverted(let summary, _, let conflict) = $0 { (summary.recordID, conflict) } else { nil } }
            var changed = 200
            if refused.isEmpty {
                // Live sync brought theirs first: the list made its change on top of it, as a user would.
            } else {
                #expect(refused.map(\.0) == [contested.id] && refused[0].1, "only the contested record, as a conflict: \(refused)")
                changed = 199
            }
            let server = Dictionary(uniqueKeysWithValues: try await Self.serverRecords(api).map { ($0.id, $0) })
            #expect(some.filter { server[$0.id]?["amount"] == .float(1) }.count == changed)

            guard case .undone = await list.undo() else {
                Issue.record("the edit was not undone")
                return
            }
            await Self.settled(list)
            let after = Dictionary(uniqueKeysWithValues: try await Self.serverRecords(api).map { ($0.id, $0) })
            for record in some where record.id != contested.id {
                #expect(after[record.id]?["amount"] == record["amount"] && after[record.id]?["kind"] == .enumValue("EXPENSE"), "\(record.id)")
            }
            #expect(after[contested.id]?["amount"] == .float(5555), "theirs stays")
        }
    }
}
