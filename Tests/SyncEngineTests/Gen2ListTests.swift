import AmplifyModels
import AppSync
import Foundation
import LocalAppSync
import Testing
@testable import SyncEngine

/// The list against the embedded server playing the plain dialect (Amplify Gen 2: no versions,
/// conditional writes, DynamoDB semantics): every promise of the versioned dialect, checked
/// against what the server holds at the end.
@Suite(.serialized) struct Gen2ListTests {
    /// What another user does, straight to the server.
    func seed(_ server: LoopbackServer, _ name: String, address: String? = nil) async throws -> ModelRecord {
        try await server.api().send(.create(property(.random(), name: name, address: address)))
    }

    @Test func aNewcomerLearnsThePlainDialectLoadsAndEveryChangeReachesTheServer() async throws {
        try await withLoopbackServer(schema: .gen2) { server in
            let kept = try await seed(server, "Kept", address: "1 Kept St")
            let doomed = try await seed(server, "Doomed")
            let storage = try sampleCache()
            let events = EventRecorder()
            let list = try makeList(try server.newcomerAPI(), storage: storage, events: events)
            await list.start()
            await eventually("the list to load") { await list.rows.count == 2 }
            #expect(try storage.dialect()?.kind == .plain, "the dialect is kept with the cache")
            #expect(await list.currentConnectivity == .online)
            let created = try await list.create(name: "Made here", address: "2 New Rd")
            try await list.rename(kept.id, to: "Kept, renamed")
            try await list.editAddress(kept.id, to: "3 Moved Ave")
            try await list.delete(doomed.id)
            await settled(list)
            let api = try server.api()
            #expect(try await api.get(id: created)?.name == "Made here")
            #expect(try await api.get(id: kept.id)?.name == "Kept, renamed")
            #expect(try await api.get(id: kept.id)?.address == "3 Moved Ave")
            #expect(try await api.get(id: doomed.id) == nil)
            #expect(await list.rows.map(\.record.name).sorted() == ["Kept, renamed", "Made here"])
            #expect(!events.all.contains { if case .reverted = $0 { true } else { false } }, "nothing was refused")
        }
    }

    enum Mine {
        case rename(String)
        case delete
    }

    /// The app loses the network, the user makes `mine` of a record, someone else changes
    /// `theirs` of it, and the network comes back.
    func changeWhileSomeoneElseDoes(
        _ server: LoopbackServer, events: EventRecorder, mine: Mine, theirs: ModelRecordPatch
    ) async throws -> (RecordList<ModelRecord>, ModelRecord) {
        let record = try await seed(server, "Original", address: "1 Old Rd")
        let api = CuttableAPI(try server.api())
        let list = try makeList(api, events: events)
        await list.refresh()
        api.setCut(true)
        switch mine {
        case .rename(let name): try await list.rename(record.id, to: name)
        case .delete: try await list.delete(record.id)
        }
        await eventually("the list to go offline") { await list.currentConnectivity != .online }
        _ = try await server.api().send(.update(id: record.id, theirs, base: record))
        api.setCut(false)
        return (list, record)
    }

    @Test func aQueuedRenameNeverOverwritesAnotherRenameOfTheSameRecord() async throws {
        try await withLoopbackServer(schema: .gen2) { server in
            let events = EventRecorder()
            let (list, record) = try await changeWhileSomeoneElseDoes(
                server, events: events, mine: .rename("Mine"), theirs: propertyPatch(name: "Theirs"))
            let refusal = await events.first { if case .reverted(_, _, true) = $0 { true } else { false } }
            #expect(refusal.map { "\($0)".contains("renamed it to “Theirs”") } == true)
            #expect(try await server.api().get(id: record.id)?.name == "Theirs", "the server keeps theirs")
            #expect(await list.row(record.id)?.record.name == "Theirs")
            #expect(await list.row(record.id)?.status == .conflict("someone else renamed it to “Theirs” meanwhile"))
            // `o`: mine again, on purpose, over theirs.
            _ = try await list.reapplyMine(record.id)
            await settled(list)
            #expect(try await server.api().get(id: record.id)?.name == "Mine")
        }
    }

    @Test func changesToDifferentFieldsBothSurvive() async throws {
        try await withLoopbackServer(schema: .gen2) { server in
            let events = EventRecorder()
            let (list, record) = try await changeWhileSomeoneElseDoes(
                server, events: events, mine: .rename("Mine"),
                theirs: propertyPatch(address: .some("9 Their St")))
            await settled(list)
            let onServer = try await server.api().get(id: record.id)
            #expect(onServer?.name == "Mine")
            #expect(onServer?.address == "9 Their St")
            #expect(!events.all.contains { if case .reverted = $0 { true } else { false } })
        }
    }

    @Test func aDeleteOfWhatSomeoneRenamedIsAConflictAndOfWhatTheyDeletedIsDone() async throws {
        try await withLoopbackServer(schema: .gen2) { server in
            let events = EventRecorder()
            let (list, record) = try await changeWhileSomeoneElseDoes(
                server, events: events, mine: .delete, theirs: propertyPatch(name: "Renamed meanwhile"))
            await events.first { if case .reverted(_, _, true) = $0 { true } else { false } }
            #expect(try await server.api().get(id: record.id)?.name == "Renamed meanwhile", "not deleted over their change")
            #expect(await list.row(record.id)?.record.name == "Renamed meanwhile")

            let gone = try await seed(server, "Gone twice")
            await list.refresh()
            _ = try await server.api().send(.delete(id: gone.id, base: gone))  // someone else first
            try await list.delete(gone.id)
            await settled(list)
            #expect(await list.row(gone.id) == nil)
            #expect(events.all.contains { if case .succeeded(let summary) = $0 { summary.recordID == gone.id } else { false } })
        }
    }

    @Test func lostAnswersApplyEachChangeExactlyOnce() async throws {
        try await withLoopbackServer(faults: FaultSettings.Values(loseAnswerRate: 0.5), schema: .gen2) { server in
            let events = EventRecorder()
            let list = try makeList(try server.api(), events: events)
            var ids: [RecordKey] = []
            for index in 0..<6 { ids.append(try await list.create(name: "Lost \(index)", address: index.isMultiple(of: 2) ? nil : "\(index) Rd")) }
            try await list.rename(ids[0], to: "Lost 0, renamed")
            try await list.editAddress(ids[1], to: "Moved")
            try await list.delete(ids[2])
            await settled(list, within: .seconds(60))
            server.faults.update { $0.loseAnswerRate = 0 }
            let api = try server.api()
            var all: [ModelRecord] = []
            var token: String?
            repeat {
                let page = try await api.syncPage(limit: 1000, nextToken: token, lastSync: nil)
                all += page.items.compactMap { $0 }
                token = page.nextToken
            } while token != nil
            #expect(all.count == 5, "no create twice, the delete once")
            #expect(Set(all.map(\.id)) == Set(ids).subtracting([ids[2]]))
            #expect(all.first { $0.id == ids[0] }?.name == "Lost 0, renamed")
            #expect(all.first { $0.id == ids[1] }?.address == "Moved")
            #expect(!events.all.contains { if case .reverted = $0 { true } else { false } }, "a lost answer is never a failure")
        }
    }

    @Test func anOutboxKeptFromARunAgainstTheOldSchemaIsSentOnceInTheNewDialect() async throws {
        try await withLoopbackServer(schema: .gen2) { server in
            let record = try await seed(server, "Before the change")
            let path = NSTemporaryDirectory() + "proptui-gen2-outbox-\(UUID().uuidString).sqlite"
            defer { try? FileManager.default.removeItem(atPath: path) }
            // An earlier run against this backend when it still had versions: dialect and outbox kept.
            let earlier = try SyncStorage(path: path).sampleCache()
            try earlier.setDialect(.versioned)
            try earlier.merge([property(record.id, name: record.name, version: 1)])
            let unreachable = CuttableAPI(try server.newcomerAPI())
            unreachable.setCut(true)
            let offline = try makeList(unreachable, storage: earlier)
            try await offline.rename(record.id, to: "Renamed offline")
            let created = try await offline.create(name: "Created offline")

            let events = EventRecorder()
            let list = try makeList(try server.newcomerAPI(), storage: try SyncStorage(path: path).sampleCache(), events: events)
            await list.start()
            await settled(list)
            let api = try server.api()
            #expect(try await api.get(id: record.id)?.name == "Renamed offline")
            #expect(try await api.get(id: created)?.name == "Created offline")
            #expect(try SyncStorage(path: path).dialect()?.kind == .plain)
            #expect(!events.all.contains { if case .reverted = $0 { true } else { false } }, "a validation error reverts nothing")
            #expect(!events.all.contains { if case .connectivityChanged(.offline) = $0 { true } else { false } }, "and is not offline")
        }
    }

    @Test func anAPIWithoutTheModelSaysWhatIsMissingAndKeepsTheChanges() async throws {
        try await withLoopbackServer(schema: .gen2) { server in
            let storage = try sampleCache()
            let events = EventRecorder()
            let list = try makeList(MissingModelAPI(base: try server.newcomerAPI()), storage: storage, events: events)
            await list.start()
            try await list.create(name: "Waiting")
            let stopped = await events.first { if case .connectivityChanged(.misconfigured) = $0 { true } else { false } }
            #expect(stopped.map { "\($0)".contains("no query listRealEstateProperties") } == true)
            #expect(await list.pendingCount == 1, "the change is kept")
            #expect(try storage.outboxCount() == 1)
            #expect(await list.rows.first?.record.name == "Waiting")
        }
    }

    @Test func liveSyncOnThePlainDialect() async throws {
        try await withLoopbackServer(schema: .gen2) { server in
            let configuration = try AppSyncConfiguration(endpoint: server.endpoint, apiKey: LoopbackServer.apiKey)
            let list = try makeList(try server.newcomerAPI())
            await list.enableLiveSync { subscriptions in
                RealtimeClient(
                    url: configuration.realtimeEndpoint, subscriptions: subscriptions, retryPolicy: fastRetries,
                    authorize: configuration.realtimeAuthorization)
            }
            defer { Task { await list.disableLiveSync() } }
            await list.start()
            await eventually("the subscriptions") { await list.isFollowingLiveSync }
            let other = try server.api()
            let theirs = try await other.send(.create(property(.random(), name: "Theirs", address: "5 Far Rd")))
            await eventually("their create to arrive") { await list.row(theirs.id)?.record.name == "Theirs" }
            _ = try await other.send(.update(id: theirs.id, propertyPatch(name: "Theirs, renamed"), base: theirs))
            await eventually("their rename to arrive") { await list.row(theirs.id)?.record.name == "Theirs, renamed" }
            #expect(await list.row(theirs.id)?.record.address == "5 Far Rd")
            // A mutation that selects only the id and the name: its event carries null for the rest,
            // which must not blank the address on screen.
            let client = AppSyncClient(configuration: configuration)
            _ = try await client.execute(GraphQLRequest(
                query: "mutation { updateRealEstateProperty(input: {id: \"\(theirs.id)\", name: \"Partly seen\"}) { id name } }"))
            await eventually("the partial rename to arrive") { await list.row(theirs.id)?.record.name == "Partly seen" }
            #expect(await list.row(theirs.id)?.record.address == "5 Far Rd", "a partial event never blanks a field")
            _ = try await client.execute(GraphQLRequest(
                query: "mutation { deleteRealEstateProperty(input: {id: \"\(theirs.id)\"}) { id } }"))
            await eventually("their delete to arrive") { await list.row(theirs.id) == nil }
        }
    }
}

/// An API whose schema has no `listRealEstateProperties` (another app's backend, say): what its
/// introspection answers, with every other request passed through.
struct MissingModelAPI: ListAPI {
    let base: any ListAPI<ModelRecord>
    var dialect: APIDialect { base.dialect }
    func speaking(_ dialect: APIDialect) -> any ListAPI<ModelRecord> { MissingModelAPI(base: base.speaking(dialect)) }
    func describe() async throws(AppSyncFailure) -> APIDescription? {
        var description = try await base.describe()
        description?.queries.remove("listRealEstateProperties")
        return description
    }
    func get(id: RecordKey) async throws(AppSyncFailure) -> ModelRecord? { try await base.get(id: id) }
    func send(_ mutation: ModelMutation<ModelRecord>) async throws(AppSyncFailure) -> ModelRecord { try await base.send(mutation) }
    func probe() async throws(AppSyncFailure) { try await base.probe() }
    func syncPage(limit: Int, nextToken: String?, lastSync: Int64?) async throws(AppSyncFailure) -> RecordPage<ModelRecord> {
        try await base.syncPage(limit: limit, nextToken: nextToken, lastSync: lastSync)
    }
    var subscriptions: [RealtimeSubscription] { base.subscriptions }
    func readEvent(_ data: JSONText, deletion: Bool, knownCopy: (RecordKey) -> ModelRecord?) -> RemoteRecordEvent<ModelRecord> {
        base.readEvent(data, deletion: deletion, knownCopy: knownCopy)
    }
    var modelDescription: AmplifyModel { base.modelDescription }
}
