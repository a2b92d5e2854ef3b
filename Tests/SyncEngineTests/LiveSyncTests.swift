import AmplifyModels
import AppSync
import Foundation
import LocalAppSync
import Testing
@testable import SyncEngine

/// Two clients on one real server, each following the realtime socket.
@Suite(.serialized) struct LiveSyncTests {
    static let fast = RetryPolicy(base: .milliseconds(20), cap: .milliseconds(200))

    /// A list that follows the server's subscriptions, as the app does.
    struct Client {
        let list: RecordList<ModelRecord>
        let realtime: RealtimeClient
        let following: Task<Void, Never>

        init(_ server: LoopbackServer, storage: ModelCache? = nil) async throws {
            let configuration = try AppSyncConfiguration(endpoint: server.endpoint, apiKey: LoopbackServer.apiKey)
            let api = LoopbackServer.sampleAPI(AppSyncClient(configuration: configuration))
            list = try RecordList<ModelRecord>(
                api: api, storage: try storage ?? sampleCache(),
                options: SyncOptions(retryPolicy: LiveSyncTests.fast, probePolicy: LiveSyncTests.fast)) { (_: RecordListEvent<ModelRecord>) in }
            realtime = RealtimeClient(
                url: configuration.realtimeEndpoint, subscriptions: api.subscriptions,
                retryPolicy: LiveSyncTests.fast, authorize: configuration.realtimeAuthorization)
            await list.start()
            let (list, events) = (list, realtime.start())
            following = Task { await list.follow(events) }
        }

        func stop() {
            realtime.stop()
            following.cancel()
        }
    }

    @Test func anEditInOneAppearsInTheOtherWithoutAKeyPress() async throws {
        try await withLoopbackServer { server in
            let a = try await Client(server)
            let b = try await Client(server)
            defer { a.stop(); b.stop() }
            let id = try await a.list.create(name: "From A")
            await eventually("B to show A's create") { await b.list.row(id)?.record.name == "From A" }
            try await a.list.rename(id, to: "Renamed by A")
            await eventually("B to show A's rename") { await b.list.row(id)?.record.name == "Renamed by A" }
            try await a.list.delete(id)
            await eventually("B to drop A's delete") { await b.list.row(id) == nil }
        }
    }

    @Test func aChangeMadeElsewhereIsKeptInTheCacheAndItsEchoWritesNothingNew() async throws {
        try await withLoopbackServer { server in
            let a = try await Client(server)
            let storage = try sampleCache()
            let b = try await Client(server, storage: storage)
            defer { a.stop(); b.stop() }
            let id = try await a.list.create(name: "From A")
            try await a.list.rename(id, to: "Renamed by A")
            // The event's record goes to the cache with B's next group commit, not in one of its own.
            await eventually("B's cache to hold A's rename") {
                (try? storage.loadStart(firstBatch: 100).snapshot.confirmed.first { $0.id == id }?.name) == "Renamed by A"
            }
            // B's own rename comes back to B as an event too: the copy it settled, which stays.
            try await b.list.rename(id, to: "Renamed by B")
            await eventually("A to show B's rename") { await a.list.row(id)?.record.name == "Renamed by B" }
            await eventually("B's settled rename in its cache, whichever came first, its answer or its echo") {
                let cached = try? storage.loadStart(firstBatch: 100).snapshot.confirmed.first { $0.id == id }
                return cached?.name == "Renamed by B" && cached?.version == 3
            }
            #expect(await b.list.row(id)?.record.name == "Renamed by B")
            // The echo may be cached before the answer settles the rename: it settles all the same.
            await eventually("B's rename to be settled") { await b.list.pendingCount == 0 }
        }
    }

    @Test func aPendingEditSurvivesAnotherFieldChangingAndBothEndOnTheServer() async throws {
        try await withLoopbackServer { server in
            let a = try await Client(server)
            let b = try await Client(server)
            defer { a.stop(); b.stop() }
            let id = try await a.list.create(name: "Shared", address: "1 Old Rd")
            await eventually("B to have it") { await b.list.row(id)?.record.version == 1 }
            // B's rename waits (the server is slow for it), A's address change lands first.
            server.faults.update { $0.latency = .milliseconds(600) }
            try await b.list.rename(id, to: "Shared by B")
            server.faults.update { $0.latency = .zero }
            try await a.list.editAddress(id, to: "2 New Rd")
            #expect(await b.list.row(id)?.record.name == "Shared by B", "the pending edit stays on screen")
            await settled(a.list)
            await settled(b.list)
            await eventually("both to converge on both fields") {
                let rowA = await a.list.row(id)?.record, rowB = await b.list.row(id)?.record
                return rowA?.name == "Shared by B" && rowA?.address == "2 New Rd" && rowA == rowB
            }
            let held = try #require(try await server.api().get(id: id))
            #expect(held.name == "Shared by B" && held.address == "2 New Rd")
        }
    }

    @Test func conflictingEditsOfOneFieldEndTheSameOnBothScreensAndTheServer() async throws {
        try await withLoopbackServer { server in
            let a = try await Client(server)
            let b = try await Client(server)
            defer { a.stop(); b.stop() }
            let id = try await a.list.create(name: "Contested")
            await eventually("B to have it") { await b.list.row(id)?.record.version == 1 }
            // Both rename from version 1; the server takes one, refuses the other as a conflict.
            server.faults.update { $0.latency = .milliseconds(300) }
            try await a.list.rename(id, to: "A's name")
            try await b.list.rename(id, to: "B's name")
            server.faults.update { $0.latency = .zero }
            await settled(a.list)
            await settled(b.list)
            let held = try #require(try await server.api().get(id: id))
            #expect(held.version == 2, "exactly one rename was applied")
            await eventually("both screens to show the server's name") {
                let nameA = await a.list.row(id)?.record.name, nameB = await b.list.row(id)?.record.name
                return nameA == held.name && nameB == held.name
            }
            let loser = held.name == "A's name" ? b.list : a.list
            let status = await loser.row(id)?.status
            #expect(status == .conflict("someone else renamed it to “\(held.name)” meanwhile"), "the loser is told, not overwritten")
        }
    }

    @Test func anotherClientsMutationThatSelectsOnlyTheIdStillArrives() async throws {
        try await withLoopbackServer { server in
            let b = try await Client(server)
            defer { b.stop() }
            let api = try server.api()
            let record = try await api.send(.create(property("thin", name: "Thin")))
            await eventually("B to have it") { await b.list.row(record.id) != nil }
            // Like many clients: the mutation selects only `id`, so the subscription's
            // non-null fields cannot be filled and the event arrives without its record.
            let client = AppSyncClient(configuration: try AppSyncConfiguration(endpoint: server.endpoint, apiKey: LoopbackServer.apiKey))
            _ = try await client.execute(GraphQLRequest(
                query: #"mutation { updateRealEstateProperty(input: {id: "thin", name: "Thinner", _version: 1}) { id } }"#))
            await eventually("B to show the rename") { await b.list.row(record.id)?.record.name == "Thinner" }
            _ = try await client.execute(GraphQLRequest(
                query: #"mutation { deleteRealEstateProperty(input: {id: "thin", _version: 2}) { id } }"#))
            await eventually("B to drop the deleted row") { await b.list.row(record.id) == nil }
        }
    }

    @Test func aSocketDroppedByTheServerReconnectsAndCatchesUp() async throws {
        try await withLoopbackServer { server in
            let b = try await Client(server)
            defer { b.stop() }
            // A dropped request is waited for until this timeout: short, so the test does not idle.
            let api = try server.api(timeout: .seconds(5))
            let record = try await api.send(.create(property("dropped", name: "Before")))
            await eventually("B to have it") { await b.list.row(record.id) != nil }
            // The next event closes the socket instead of arriving: only the catch-up brings it.
            server.faults.update { $0.dropRate = 1 }
            _ = try? await api.send(.update(id: record.id, propertyPatch(name: "Missed"), base: property(record.id, name: "", version: 1)))
            server.faults.update { $0.dropRate = 0 }
            // The HTTP request may itself have been dropped: make sure the server holds the change.
            if try await api.get(id: record.id)?.name != "Missed" {
                _ = try await api.send(.update(id: record.id, propertyPatch(name: "Missed"), base: property(record.id, name: "", version: 1)))
            }
            await eventually("B to catch up after its socket was dropped") {
                await b.list.row(record.id)?.record.name == "Missed"
            }
        }
    }

    /// Issue 19, item 10: the socket drops and nothing is being sent; the list asks the server
    /// at once, so a server that is gone reads as offline (not `◐ live sync down` until the next change).
    @Test func aServerThatGoesAwayReadsOfflineWithNothingToSend() async throws {
        let server = try await LoopbackServer.start()
        let b = try await Client(server)
        defer { b.stop() }
        #expect(await b.list.refresh(), "B has read the list: requests get through")
        await eventually("B to be online with live sync up") {
            let (subscribed, shown) = await (b.list.isFollowingLiveSync, b.list.shownConnectivity)
            return subscribed && shown == .online
        }
        await server.stop()
        await eventually("B to read the server as gone with nothing to send") {
            switch await b.list.shownConnectivity {
            case .offline, .reconnecting: true
            default: false
            }
        }
    }

    @Test func changesMissedWhileDisconnectedArriveAfterTheReconnect() async throws {
        let first = try await LoopbackServer.start()
        let storage = try sampleCache()
        let b = try await Client(first, storage: storage)
        defer { b.stop() }
        let record = try await first.api().send(.create(property("missed", name: "Before")))
        await eventually("B to have it") { await b.list.row(record.id) != nil }
        await first.stop()
        // The server comes back with a change B's socket never saw.
        let back = try await first.restarted()
        do {
            _ = try await back.api().send(.update(id: record.id, propertyPatch(name: "Changed while away"), base: property(record.id, name: "", version: 1)))
            await eventually("B to catch up after reconnecting") {
                await b.list.row(record.id)?.record.name == "Changed while away"
            }
            #expect(try storage.syncMarks().lastSync != nil, "the next catch-up is a delta from here")
        } catch {
            await back.stop()
            throw error
        }
        await back.stop()
    }
}
