import AmplifyModels
import AppSync
import Foundation
import LocalAppSync
import Testing
@testable import SyncEngine

/// The sender against the real embedded server on loopback, each fault injected
/// for real: what the server holds at the end is checked, not what the app believes.
@Suite(.serialized) struct RealServerSendTests {
    /// What another user does, straight to the server.
    func seed(_ server: LoopbackServer, _ name: String, id: RecordKey = .random()) async throws -> ModelRecord {
        try await server.api().send(.create(property(id, name: name)))
    }

    /// The setting of a conflict: the app loses the network, the user renames “Original” to
    /// `mine`, someone else renames it to `theirs` (version 2), and the network comes back.
    func renameWhileSomeoneElseDoes(
        _ server: LoopbackServer, mine: String, theirs: String
    ) async throws -> (RecordList<ModelRecord>, ModelRecord) {
        let record = try await seed(server, "Original")
        let api = CuttableAPI(try server.api())
        let list = try makeList(api)
        await list.refresh()
        api.setCut(true)
        try await list.rename(record.id, to: mine)
        await eventually("the list to go offline") { await list.currentConnectivity != .online }
        let remote = try await server.api().send(.update(id: record.id, propertyPatch(name: theirs), base: property(record.id, name: "", version: 1)))
        #expect(remote.version == 2)
        api.setCut(false)
        return (list, record)
    }

    @Test func aRefusedConnectionIsReportedAsRefusedAndTheOutboxDrainsWhenTheServerIsBack() async throws {
        let first = try await LoopbackServer.start()
        let original = try await seed(first, "Original")
        await first.stop()
        let storage = try sampleCache()
        try storage.merge([original])  // cached by an earlier session
        let events = EventRecorder()
        let list = try makeList(try first.api(), storage: storage, events: events)
        await list.start()
        let offline = await events.first { if case .connectivityChanged(.offline) = $0 { true } else { false } }
        #expect(offline.map { "\($0)".contains("refused") } == true)
        try await list.rename(original.id, to: "Renamed offline")
        let created = try await list.create(name: "Made offline")
        let ghost = try await list.create(name: "Ghost")
        try await list.delete(ghost)
        let back = try await first.restarted()
        do {
            await settled(list)
            let api = try back.api()
            #expect(try await api.get(id: original.id)?.name == "Renamed offline")
            #expect(try await api.get(id: original.id)?.version == 2, "applied exactly once")
            #expect(try await api.get(id: created)?.name == "Made offline")
            #expect(try await api.get(id: ghost) == nil, "a create and its delete made offline never reach the server")
        } catch {
            await back.stop()
            throw error
        }
        await back.stop()
    }

    @Test func aTimeoutIsResolvedByWhatTheServerHolds() async throws {
        try await withLoopbackServer { server in
            let record = try await seed(server, "Slow")
            let list = try makeList(try server.api(timeout: .milliseconds(300)))
            // On a loaded machine the read itself may take longer than this short timeout: try again.
            await eventually("a first read of the list") { await list.refresh() }
            server.faults.update { $0.latency = .seconds(1) }
            try await list.rename(record.id, to: "Slow but sure")
            await eventually("the first attempt to time out") {
                await list.pendingOperations.first?.lastFailure != nil
            }
            server.faults.update { $0.latency = .zero }
            await settled(list)
            let held = try #require(try await server.api().get(id: record.id))
            #expect(held.name == "Slow but sure")
            #expect(held.version == 2, "applied exactly once, whatever the first attempt did")
            #expect(await list.row(record.id)?.status == .synced)
        }
    }

    @Test func aDroppedConnectionIsRetriedAndAppliedOnce() async throws {
        try await withLoopbackServer { server in
            let record = try await seed(server, "Flaky")
            let list = try makeList(try server.api())
            await list.refresh()
            server.faults.update { $0.dropRate = 1 }
            try await list.rename(record.id, to: "Steady")
            let created = try await list.create(name: "Fresh")
            await eventually("an attempt to fail") { await list.pendingOperations.first?.lastFailure != nil }
            server.faults.update { $0.dropRate = 0 }
            await settled(list)
            let api = try server.api()
            #expect(try await api.get(id: record.id)?.version == 2)
            #expect(try await api.get(id: created)?.version == 1)
            #expect(await list.rows.allSatisfy { $0.status == .synced })
        }
    }

    /// Every write is applied and its answer lost; then the retries go through, or (`retriesRefused`)
    /// are each refused by a failing resolver (`--fail-rate`), which must not be taken for the
    /// truth: the server holds every change once, and none is shown as failed (a "failed, reverted"
    /// would offer a "try again" that makes a second copy).
    @Test(arguments: [false, true])
    func anAnswerLostAfterTheWriteIsConfirmedNeverDuplicatedOrShownAsFailed(retriesRefused: Bool) async throws {
        try await withLoopbackServer { server in
            let renamed = try await seed(server, "Before")
            let doomed = try await seed(server, "Doomed")
            let events = EventRecorder()
            let list = try makeList(try server.api(), events: events)
            await list.refresh()
            server.faults.update { $0.loseAnswerRate = 1 }
            let created = try await list.create(name: "Created once")
            try await list.rename(renamed.id, to: "After")
            try await list.delete(doomed.id)
            await eventually("every first attempt to lose its answer") {
                await list.pendingOperations.allSatisfy { $0.lastFailure != nil }
            }
            server.faults.update {
                $0.loseAnswerRate = 0
                $0.failRate = retriesRefused ? 1 : 0
            }
            await settled(list)
            server.faults.update { $0.failRate = 0 }
            let api = try server.api()
            #expect(try await api.get(id: created)?.version == 1, "the create is not applied twice")
            #expect(try await api.get(id: renamed.id)?.name == "After")
            #expect(try await api.get(id: renamed.id)?.version == 2, "the rename is not applied twice")
            #expect(try await api.get(id: doomed.id)?.isDeleted == true)
            #expect(try await api.get(id: doomed.id)?.version == 2)
            #expect(!events.all.contains { if case .reverted = $0 { true } else { false } },
                    "an applied change is never shown as failed or conflicting")
            #expect(await list.rows.allSatisfy { $0.status == .synced })
            #expect(await list.row(created)?.record.name == "Created once")
            #expect(await list.row(renamed.id)?.record.name == "After")
            #expect(await list.row(doomed.id) == nil)
        }
    }

    @Test func aServiceUnavailableAnswerIsRetried() async throws {
        try await withLoopbackServer { server in
            let record = try await seed(server, "Busy")
            let list = try makeList(try server.api())
            await list.refresh()
            server.faults.update { $0.errorStatusRate = 1 }
            try await list.rename(record.id, to: "Served")
            await eventually("a 503") { await list.pendingOperations.first?.lastFailure?.contains("503") == true }
            #expect(await list.currentConnectivity == .online, "a busy server is not offline")
            server.faults.update { $0.errorStatusRate = 0 }
            await settled(list)
            #expect(try await server.api().get(id: record.id)?.version == 2)
        }
    }

    @Test func aRefusalRevertsOnlyItsOwnChangeAndSaysWhy() async throws {
        try await withLoopbackServer { server in
            let record = try await seed(server, "Keeper")
            let events = EventRecorder()
            let list = try makeList(try server.api(), events: events)
            await list.refresh()
            server.faults.update { $0.failRate = 1 }
            try await list.rename(record.id, to: "Refused")
            let reverted = await events.first { if case .reverted = $0 { true } else { false } }
            guard case .reverted(let summary, let message, let conflict) = reverted else { return }
            #expect(summary.kind == .rename && summary.recordName == "Keeper")
            #expect(message.contains("Injected failure"))
            #expect(!conflict)
            #expect(await list.row(record.id)?.record.name == "Keeper")
            #expect(try await server.api().get(id: record.id)?.version == 1)
        }
    }

    @Test func aFieldBothChangedIsAConflictNeverAnOverwrite() async throws {
        try await withLoopbackServer { server in
            let (list, record) = try await renameWhileSomeoneElseDoes(server, mine: "Mine", theirs: "Remote")
            await list.refresh()  // a refresh does not move the base the rename was made against
            await settled(list)
            let held = try #require(try await server.api().get(id: record.id))
            #expect(held.name == "Remote", "someone else's edit is not silently overwritten")
            #expect(held.version == 2)
            #expect(await list.row(record.id)?.record.name == "Remote")
            #expect(await list.row(record.id)?.status == .conflict("someone else renamed it to “Remote” meanwhile"))
        }
    }

    @Test func afterAConflictTheUsersValueCanBeAppliedAgainOnPurpose() async throws {
        try await withLoopbackServer { server in
            let (list, record) = try await renameWhileSomeoneElseDoes(server, mine: "Mine", theirs: "Theirs")
            await settled(list)
            #expect(await list.row(record.id)?.record.name == "Theirs")
            let message = try await list.reapplyMine(record.id)
            #expect(message.contains("rename to “Mine”"))
            #expect(await list.row(record.id)?.record.name == "Mine", "on screen at once")
            await settled(list)
            let held = try #require(try await server.api().get(id: record.id))
            #expect(held.name == "Mine")
            #expect(held.version == 3)
            await #expect(throws: InvalidInput.self) { try await list.reapplyMine(record.id) }
        }
    }

    @Test func aChangeToAnotherFieldIsRebasedAndBothEndOnTheServer() async throws {
        try await withLoopbackServer { server in
            let record = try await seed(server, "Shared")
            let list = try makeList(try server.api())
            await list.refresh()
            _ = try await server.api().send(.update(id: record.id, propertyPatch(address: .some("1 Their St")), base: property(record.id, name: "", version: 1)))
            try await list.rename(record.id, to: "Shared, renamed")
            await settled(list)
            let held = try #require(try await server.api().get(id: record.id))
            #expect(held.name == "Shared, renamed")
            #expect(held.address == "1 Their St")
            #expect(held.version == 3)
            #expect(await list.row(record.id)?.status == .synced)
        }
    }

    @Test func deletingWhatSomeoneElseDeletedIsNotAnError() async throws {
        try await withLoopbackServer { server in
            let record = try await seed(server, "Doomed")
            let events = EventRecorder()
            let list = try makeList(try server.api(), events: events)
            await list.refresh()
            _ = try await server.api().send(.delete(id: record.id, base: property(record.id, name: "", version: 1)))
            try await list.delete(record.id)
            await settled(list)
            #expect(await list.row(record.id) == nil)
            #expect(!events.all.contains { if case .reverted = $0 { true } else { false } })
            #expect(try await server.api().get(id: record.id)?.version == 2)
        }
    }

    @Test func aWrongKeyStopsSendingAndDropsNothing() async throws {
        try await withLoopbackServer { server in
            let record = try await seed(server, "Locked")
            let storage = try sampleCache()
            try storage.merge([record])
            let events = EventRecorder()
            let list = try makeList(try server.api(apiKey: "da2-wrongwrongwrongwrong0000"), storage: storage, events: events)
            await list.start()
            await events.first { if case .connectivityChanged(.unauthorized) = $0 { true } else { false } }
            try await list.rename(record.id, to: "Unlocked")
            // The sender runs within the change's call: had it sent, the operation would count an attempt.
            #expect(await list.pendingOperations.map(\.attempts) == [0], "nothing was sent")
            #expect(await list.pendingCount == 1)
            #expect(try storage.outboxCount() == 1)
            #expect(try await server.api().get(id: record.id)?.name == "Locked")
        }
    }

    @Test func aServerThatIsNotGraphQLIsAMisconfigurationNotOffline() async throws {
        try await withLoopbackServer { server in
            // The server's root answers, but not as GraphQL.
            let configuration = try AppSyncConfiguration(endpoint: "http://127.0.0.1:\(server.port)/not-graphql", apiKey: LoopbackServer.apiKey)
            let events = EventRecorder()
            let list = try makeList(LoopbackServer.sampleAPI(AppSyncClient(configuration: configuration)), events: events)
            await list.start()
            let event = await events.first { if case .connectivityChanged(.misconfigured) = $0 { true } else { false } }
            #expect(event != nil)
        }
    }
}
