import ServerSlots
import AmplifyModels
import AppSync
import Foundation
@testable import LocalAppSync
import OptimisticStore
@testable import SyncEngine
import Synchronization
import Testing

/// `RecordList<ModelRecord>` end to end: a fixture's `Transaction` through the list, its
/// `ModelCache` in a real file and the embedded server serving the fixture's models, in each
/// dialect. What the server holds at the end is checked, not what the list believes.
@Suite(.serialized) struct ModelRecordListTests {
    static let fast = RetryPolicy(base: .milliseconds(20), cap: .milliseconds(200))

    /// The embedded server with the household fixture's models.
    struct Backend {
        let endpoint: String
        let models: ServedModels
        let dialect: APIDialect
        static let apiKey = "da2-modelcachemodelcachemodel01"

        var model: AmplifyModel { models.schema.models.first { $0.name == "Transaction" }! }

        func api(endpoint: String? = nil, subscriber: String? = nil) throws -> AppSyncModelAPI<ModelRecordSync> {
            let configuration = try AppSyncConfiguration(endpoint: endpoint ?? self.endpoint, apiKey: Self.apiKey)
            let layout = try RecordLayout(model: model, schema: models.schema)
            return AppSyncModelAPI(
                client: AppSyncClient(configuration: configuration, timeout: .seconds(20)),
                model: ModelRecordSync(layout: layout, dialect: .versioned, subscriber: subscriber), dialect: dialect)
        }

        /// A list of `Transaction`s kept in the file at `path`.
        func list(path: String, api: AppSyncModelAPI<ModelRecordSync>? = nil) throws -> (RecordList<ModelRecord>, ModelCache) {
            let cache = try SyncStorage(path: path).cache(for: try self.api().model.layout)
            let list = try RecordList<ModelRecord>(
                api: try api ?? self.api(), storage: cache, options: SyncOptions(retryPolicy: fast, probePolicy: fast),
                onEvent: { (_: RecordListEvent<ModelRecord>) in })
            return (list, cache)
        }

        func realtime(_ subscriptions: [RealtimeSubscription]) -> RealtimeClient {
            let configuration = try! AppSyncConfiguration(endpoint: endpoint, apiKey: Self.apiKey)
            return RealtimeClient(
                url: configuration.realtimeEndpoint, subscriptions: subscriptions, retryPolicy: fast,
                authorize: configuration.realtimeAuthorization)
        }
    }

    /// The fixture's models (or `models`), each changed by `change` first (`{ _ in }`: as the file says).
    static func withBackend(
        _ dialect: APIDialect, models given: ServedModels? = nil, changing change: (inout AmplifyModel) -> Void = { _ in },
        _ body: (Backend) async throws -> Void
    ) async throws {
        try await ServerSlots.withSlot { try await withBackendWithoutSlot(dialect, models: given, changing: change, body) }
    }

    private static func withBackendWithoutSlot(
        _ dialect: APIDialect, models given: ServedModels?, changing change: (inout AmplifyModel) -> Void,
        _ body: (Backend) async throws -> Void
    ) async throws {
        let directory = NSTemporaryDirectory() + "proptui-model-list-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = try given ?? ServedModels(file: Data(contentsOf: ModelAPITests.fixture))
        var schema = file.schema
        for index in schema.models.indices { change(&schema.models[index]) }
        let models = ServedModels(schema: schema, introspectionText: file.introspectionText)
        var configuration = LocalAppSyncConfiguration(dataDirectory: directory, apiKey: Backend.apiKey, seedSamples: false)
        configuration.schema = dialect.hasVersions ? .versioned : .gen2
        configuration.models = models
        let server = try LocalAppSyncServer(configuration: configuration)
        let port = try await server.start()
        do {
            try await body(Backend(endpoint: "http://127.0.0.1:\(port)/graphql", models: models, dialect: dialect))
            await server.stop()
        } catch {
            await server.stop()
            throw error
        }
    }

    static func temporaryPath() -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("proptui-model-list-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.appendingPathComponent("outbox.sqlite").path
    }

    static func transaction(_ layout: RecordLayout, _ description: String, amount: Double = 10) throws -> ModelRecord {
        try ModelRecord.checked(
            [
                "description": .string(description), "amount": .float(amount), "kind": .enumValue("EXPENSE"), "date": .string("2026-11-01"),
                "tags": .list([.string("home")]), "receipt": .json(.object(["merchant": .string("Shop"), "total": .double(amount)])),
            ],
            layout: layout)
    }

    static func settled(_ list: RecordList<ModelRecord>) async {
        await eventually("the outbox to empty") { await list.pendingCount == 0 }
    }
}

extension ModelRecordListTests {
    /// A create, an update and a delete made through the list reach the server, and leave the
    /// file's outbox with the server's copies cached.
    @Test(arguments: [APIDialect.versioned, .plain])
    func changesThroughTheListReachTheServer(dialect: APIDialect) async throws {
        try await Self.withBackend(dialect) { backend in
            let path = Self.temporaryPath()
            let (list, cache) = try backend.list(path: path)
            await list.start()
            let layout = cache.layout
            let rent = try Self.transaction(layout, "Rent", amount: 900)
            let food = try Self.transaction(layout, "Food", amount: 80)
            try await list.create(rent)
            try await list.create(food)
            try await list.update(rent.id, try ModelRecordPatch.checked(["amount": .float(950), "tags": .null], layout: layout))
            try await list.delete(food.id)
            await Self.settled(list)
            #expect(try cache.outboxCount() == 0)

            let api = try backend.api()
            let held = try #require(try await api.get(id: rent.id))
            #expect(held["amount"] == .float(950) && held["tags"] == .null)
            guard case .json(.object(let receipt))? = held["receipt"] else { Issue.record("no receipt: \(held)"); return }
            #expect(receipt["merchant"] == .string("Shop"), "\(receipt)")
            if dialect.hasVersions { #expect(held.version == 2) }
            let gone = try await api.get(id: food.id)
            #expect(gone == nil || gone?.isDeleted == true)
            let cached = try SyncStorage(path: path).cache(for: layout).loadStart(firstBatch: 10).snapshot.confirmed
            #expect(cached.first { $0.id == rent.id }?["amount"] == .float(950))
        }
    }

    /// Changes made while the server cannot be reached stay in the file; a new list over the file
    /// and a reachable server sends each exactly once.
    @Test(arguments: [APIDialect.versioned, .plain])
    func changesMadeOfflineAreSentOnceByTheNextList(dialect: APIDialect) async throws {
        try await Self.withBackend(dialect) { backend in
            let path = Self.temporaryPath()
            let api = try backend.api()
            let layout = api.model.layout
            let kept = try await api.send(.create(try Self.transaction(layout, "Kept")))
            let dropped = try await api.send(.create(try Self.transaction(layout, "Dropped")))
            try SyncStorage(path: path).cache(for: layout).merge([kept, dropped])  // cached by an earlier session

            // Nothing listens on port 1: every request is refused.
            let (offline, offlineCache) = try backend.list(path: path, api: try backend.api(endpoint: "http://127.0.0.1:1/graphql"))
            await offline.start()
            let made = try Self.transaction(layout, "Made offline")
            try await offline.create(made)
            try await offline.update(kept.id, try ModelRecordPatch.checked(["description": .string("Kept, edited offline")], layout: layout))
            try await offline.delete(dropped.id)
            #expect(try offlineCache.outboxCount() == 3)
            #expect(try await api.get(id: made.id) == nil)

            let (list, cache) = try backend.list(path: path)
            #expect(await list.pendingCount == 3)
            await list.start()
            await Self.settled(list)
            #expect(try cache.outboxCount() == 0)
            let created = try #require(try await api.get(id: made.id))
            #expect(created["description"] == .string("Made offline"))
            let edited = try #require(try await api.get(id: kept.id))
            #expect(edited["description"] == .string("Kept, edited offline"))
            if dialect.hasVersions {
                #expect(created.version == 1 && edited.version == 2, "each sent exactly once")
            }
            let gone = try await api.get(id: dropped.id)
            #expect(gone == nil || gone?.isDeleted == true)
            let page = try await api.syncPage(limit: 100, nextToken: nil, lastSync: nil)
            #expect(page.records.filter { $0["description"] == .string("Made offline") }.count == 1, "created once")
        }
    }

    /// Two lists on two files, each following live sync: one's change shows in the other.
    @Test(arguments: [APIDialect.versioned, .plain])
    func twoListsSeeEachOthersChangesLive(dialect: APIDialect) async throws {
        try await Self.withBackend(dialect) { backend in
            let (a, cache) = try backend.list(path: Self.temporaryPath())
            let (b, _) = try backend.list(path: Self.temporaryPath())
            for list in [a, b] {
                await list.enableLiveSync { backend.realtime($0) }
                await list.start()
                await eventually("the subscriptions") { await list.isFollowingLiveSync }
            }
            let layout = cache.layout
            let rent = try Self.transaction(layout, "Rent", amount: 900)
            try await a.create(rent)
            await eventually("B to show A's create") { await b.row(rent.id)?.record["description"] == .string("Rent") }
            try await b.update(rent.id, try ModelRecordPatch.checked(["amount": .float(901)], layout: layout))
            await eventually("A to show B's update") { await a.row(rent.id)?.record["amount"] == .float(901) }
            try await a.delete(rent.id)
            await eventually("B to drop A's delete") { await b.row(rent.id) == nil }
            for list in [a, b] { await list.disableLiveSync() }
        }
    }

    /// An API that requires subscriptions to name their owner (`onCreateTransaction(owner: String!)`,
    /// Gen 1's first transformer) is given the signed-in user's name: the list follows live
    /// sync and sees Alice's record arrive live, and the socket delivers only Alice's records
    /// (AppSync's basic filtering), never Bob's.
    @Test(arguments: [APIDialect.versioned, .plain])
    func subscriptionsNameTheOwnerWhereTheAPIRequiresIt(dialect: APIDialect) async throws {
        try await Self.withBackend(dialect, changing: { $0.requiresOwnerArgument = $0.ownerField != nil }) { backend in
            #expect(backend.model.requiresOwnerArgument)
            let alicesAPI = try backend.api(subscriber: "alice")
            let (alice, cache) = try backend.list(path: Self.temporaryPath(), api: alicesAPI)
            await alice.enableLiveSync { backend.realtime($0) }
            await alice.start()
            await eventually("Alice's subscriptions, naming her, to be taken") { await alice.isFollowingLiveSync }
            // The same subscriptions on a socket of their own, to see what the server delivers.
            let socket = backend.realtime(alicesAPI.subscriptions)
            let delivered = Mutex<[String]>([])
            let subscribed = Mutex(false)
            let reading = Task {
                for await event in socket.start() {
                    switch event {
                    case .subscribed: subscribed.withLock { $0 = true }
                    case .data(_, let data): delivered.withLock { $0.append(String(decoding: data.bytes, as: UTF8.self)) }
                    default: break
                    }
                }
            }
            await eventually("the second socket's subscriptions") { subscribed.withLock { $0 } }

            // Another client writes one record of Bob's, then one of Alice's.
            let writer = try backend.api()
            let bobs = try Self.transaction(cache.layout, "Bob's", amount: 1)
            let alices = try Self.transaction(cache.layout, "Alice's", amount: 2)
            for (record, owner) in [(bobs, "bob"), (alices, "alice")] {
                // As the server would set it from the writer's identity (this one plays no user pool).
                var variables = writer.model.createVariables(record)
                if case .object(var input) = variables["input"] {
                    input["owner"] = .string(owner)
                    variables["input"] = .object(input)
                }
                _ = try await writer.client.execute(
                    GraphQLRequest(query: writer.model.mutation(.create, variables: variables).text, variables: variables))
            }
            await eventually("Alice's record to arrive live") { await alice.row(alices.id) != nil }
            await eventually("Alice's record on the second socket") { delivered.withLock { $0.contains { $0.contains("Alice's") } } }
            #expect(delivered.withLock { $0.allSatisfy { !$0.contains("Bob's") } }, "Bob's record, written first, is not delivered")
            socket.stop()
            reading.cancel()
            await alice.disableLiveSync()
        }
    }
}
