import AmplifyModels
import AppSync
import OptimisticStore
import Testing
@testable import SyncEngine

/// The sender's rules, one at a time, against a scripted server (the real
/// server's behaviour is in RealServerSendTests).
@Suite struct SenderTests {
    static let fast = RetryPolicy(base: .milliseconds(1), cap: .milliseconds(2))

    func makeList(
        _ server: ScriptedServer, parallel: Int = 4, retry: RetryPolicy = fast, offline: SyncOptions.OfflineMode = .queue,
        keepsCreationOrder: Bool = true, storage: ModelCache? = nil, events: EventRecorder = EventRecorder()
    ) async throws -> RecordList<ModelRecord> {
        let list = try RecordList<ModelRecord>(
            api: server, storage: try storage ?? sampleCache(),
            options: SyncOptions(
                maximumParallelSends: parallel, retryPolicy: retry, probePolicy: Self.fast, offlineMode: offline,
                keepsCreationOrder: keepsCreationOrder),
            onEvent: events.sink)
        await list.refresh()
        return list
    }

    @Test func goingOfflinePausesEverythingAndTheProbeResumesWithoutAKey() async throws {
        let server = ScriptedServer(records: [villa, loft])
        let events = EventRecorder()
        let list = try await makeList(server, events: events)
        await server.setReachable(false)
        await server.set(script: [.unreachable])
        try await list.rename("villa", to: "Villa Blu")
        await events.first { $0 == .connectivityChanged(.offline("the server refused the connection (scripted)")) }
        try await list.rename("loft", to: "Loft")
        #expect(await server.received.count == 1, "nothing more is sent while offline")
        #expect(await list.pendingOperations.allSatisfy { $0.attempts == 0 }, "a refused connection sent nothing")
        await server.setReachable(true)
        await settled(list)
        #expect(await server.records["villa"]?.name == "Villa Blu")
        #expect(await server.records["loft"]?.name == "Loft")
        #expect(await list.currentConnectivity == .online)
        #expect(events.all.contains(.connectivityChanged(.reconnecting)))
    }

    @Test func refusedCredentialsStopSendingSayItOnceAndLoseNothing() async throws {
        let server = ScriptedServer(records: [villa, loft])
        let events = EventRecorder()
        let list = try await makeList(server, events: events)
        await server.set(script: [.unauthorized])
        try await list.rename("villa", to: "Villa Blu")
        await events.first { if case .connectivityChanged(.unauthorized) = $0 { true } else { false } }
        try await list.rename("loft", to: "Loft")
        // The sender runs within the change's call: an operation it puts on the wire is counted
        // as sent before the call returns. Neither was sent again.
        #expect(await list.pendingOperations.allSatisfy { $0.attempts == 0 }, "nothing is on the wire")
        #expect(await server.received.count == 1, "no retry loop against refused credentials")
        #expect(events.all.filter { if case .connectivityChanged(.unauthorized) = $0 { true } else { false } }.count == 1)
        #expect(await list.pendingCount == 2)
        // R: the server answers the list, so sending resumes.
        #expect(await list.refresh())
        await settled(list)
        #expect(await server.records["villa"]?.name == "Villa Blu")
    }

    @Test func aRecordWaitingOutABackoffHoldsNoSlot() async throws {
        let server = ScriptedServer(records: [villa, loft])
        let list = try await makeList(server, parallel: 1, retry: RetryPolicy(base: .seconds(30), cap: .seconds(30)))
        await server.set(script: [.transient])
        try await list.rename("villa", to: "Villa Blu")
        await server.wait { $0.received.count == 1 }
        try await list.rename("loft", to: "Loft")
        await eventually("the other record to be sent") { await server.records["loft"]?.name == "Loft" }
        #expect(await list.row("villa")?.status == .pending(1), "the failing record waits; the other went ahead")
    }

    @Test func createsGoOneAtATimeInTheOrderMadeWhileOtherEditsGoAlongside() async throws {
        let server = ScriptedServer(records: [villa, loft])
        let list = try await makeList(server, parallel: 4)
        await server.setReachable(false)
        await server.set(script: [.unreachable])
        var made: [RecordKey] = []
        for name in ["off1", "off2", "off3", "off4", "off5"] { made.append(try await list.create(name: name)) }
        await eventually("the list to go offline") { await list.currentConnectivity != .online }
        try await list.rename("villa", to: "Villa Blu")
        await server.hold()
        await server.setReachable(true)
        // Back online: the oldest create and the rename leave together; the other creates wait.
        await server.wait { $0.heldCount == 2 }
        #expect(await server.received.filter { if case .update = $0 { true } else { false } }.count == 1)
        await server.release()
        await settled(list)
        let sentCreates = await server.received.compactMap { mutation -> RecordKey? in
            if case .create(let record) = mutation { record.id } else { nil }
        }
        // After the first create's attempt while offline, each create once, in the order made.
        #expect(sentCreates.suffix(5) == made[...])
        #expect(await server.maximumCreatesInFlight == 1)
    }

    /// An import's list: its creates fill every slot, as edits do, and each is still sent once.
    @Test func createsGoInParallelWhenTheOrderIsNotKept() async throws {
        let server = ScriptedServer()
        let list = try await makeList(server, parallel: 3, keepsCreationOrder: false)
        await server.hold()
        var made: [RecordKey] = []
        for name in ["row1", "row2", "row3", "row4", "row5"] { made.append(try await list.create(name: name)) }
        await server.wait { $0.heldCount == 3 }
        await server.release()
        await settled(list)
        let sentCreates = await server.received.compactMap { mutation -> RecordKey? in
            if case .create(let record) = mutation { record.id } else { nil }
        }
        #expect(Set(sentCreates) == Set(made))
        #expect(sentCreates.count == made.count, "each create once")
        #expect(await server.maximumCreatesInFlight == 3)
        #expect(await server.records.count == 5)
    }

    /// An edit of many records changes those that do not hold its values already, and its batch
    /// says how many did (the screen's end says it: "1 more held these values already").
    @Test func aBatchEditLeavesAloneAndCountsTheRecordsHoldingItsValues() async throws {
        let server = ScriptedServer(records: [villa, loft])
        let events = EventRecorder()
        let list = try await makeList(server, events: events)
        let patch = try ModelRecordPatch.checked(["name": .string("Villa Rosa")], layout: sampleLayout)
        #expect(try await list.update([RecordKey("villa"), RecordKey("loft")], patch) == 1)
        let started = events.all.compactMap { if case .batchStarted(let batch) = $0 { batch } else { nil } }
        #expect(started.map(\.recordIDs) == [[RecordKey("loft")]])
        #expect(started.map(\.heldAlready) == [1])
        await settled(list)
    }

    @Test func changesThatCancelOutOfflineSendNothing() async throws {
        let server = ScriptedServer(records: [villa])
        let list = try await makeList(server)
        await server.setReachable(false)
        await server.set(script: [.unreachable])
        let ghost = try await list.create(name: "Ghost")
        await eventually("the list to go offline") { await list.currentConnectivity != .online }
        try await list.delete(ghost)
        try await list.rename("villa", to: "Villa Blu")
        try await list.rename("villa", to: "Villa Rosa")
        let stub = try await list.create(name: "Stub")
        #expect(await list.undo() == .undone("Undid adding “Stub” (it had not been sent).", recordID: stub))
        #expect(await list.pendingCount == 4)
        await server.setReachable(true)
        await settled(list)
        #expect(await server.received.count == 1, "only the attempt that found the server down")
        #expect(await server.records.keys.sorted() == ["villa"])
        #expect(await list.rows.map(\.record.name) == ["Villa Rosa"])
    }

    @Test func undoWalksBackOneChangeAtATimeAndSaysWhatItDid() async throws {
        let server = ScriptedServer()
        let list = try await makeList(server)
        let id = try await list.create(name: "U1")
        try await list.rename(id, to: "U2")
        try await list.delete(id)
        await settled(list)
        guard case .undone(let message, let recreated) = await list.undo() else {
            Issue.record("the delete was not undone")
            return
        }
        #expect(message == "Undid deleting “U2”: it is back, as a new record.")
        #expect(await list.row(recreated)?.record.name == "U2")
        #expect(await list.undo() == .undone("Undid the rename of “U1” to “U2”.", recordID: recreated))
        #expect(await list.row(recreated)?.record.name == "U1")
        #expect(await list.undo() == .undone("Undid adding “U1”: it is deleted.", recordID: recreated))
        #expect(await list.rows.isEmpty)
        #expect(await list.undo() == .nothing)
        await settled(list)
        #expect(await server.records.values.allSatisfy(\.isDeleted))
    }

    @Test func undoOfAChangedRecordSaysWhyNotAndDoesNotSkip() async throws {
        let server = ScriptedServer(records: [villa, loft])
        let list = try await makeList(server)
        try await list.rename("loft", to: "Loft")
        try await list.rename("villa", to: "Villa Blu")
        await settled(list)
        await server.remoteRename("villa", to: "Villa Theirs")
        await list.refresh()
        #expect(await list.undo() == .notPossible("Cannot undo the rename of “Villa Rosa” to “Villa Blu”: its name has changed since (now “Villa Theirs”)"))
        #expect(await list.row("loft")?.record.name == "Loft", "the older change was not undone on the way")
        #expect(await list.undo() == .undone("Undid the rename of “Harbour View Loft” to “Loft”.", recordID: "loft"))
    }

    @Test func revertModeTakesBackWhatCannotBeSent() async throws {
        let server = ScriptedServer(records: [villa])
        let events = EventRecorder()
        let list = try await makeList(server, offline: .revert, events: events)
        await server.setReachable(false)
        await server.set(script: [.unreachable])
        try await list.rename("villa", to: "Villa Blu")
        await events.first { if case .reverted = $0 { true } else { false } }
        #expect(await list.row("villa")?.record.name == "Villa Rosa")
        #expect(await list.pendingCount == 0)
    }

    @Test func anAnswerAboutAnotherRecordIsNotTakenForThisOne() async throws {
        let server = ScriptedServer(records: [villa])
        let list = try await makeList(server)
        await server.set(script: [.answerFor(property("stranger", name: "Elsewhere", version: 9))])
        try await list.rename("villa", to: "Villa Blu")
        await settled(list)
        #expect(await list.row("stranger") == nil)
        #expect(await server.records["villa"]?.name == "Villa Blu", "retried, then confirmed by its own answer")
    }

    @Test func aRestartResumesFromTheOutboxWithTheRowsOnScreenAtOnce() async throws {
        let storage = try sampleCache()
        let server = ScriptedServer(records: [villa])
        do {
            let list = try await makeList(server, storage: storage)
            await server.setReachable(false)
            await server.set(script: [.unreachable])
            try await list.rename("villa", to: "Villa Blu")
            // Offline before the create, which then waits in the outbox (the script fails only
            // the first request).
            await eventually("the list to go offline") { await list.currentConnectivity != .online }
            _ = try await list.create(name: "Offline Cottage")
        }
        // A new process: the same file, nothing from the server yet.
        let events = EventRecorder()
        let restarted = try RecordList<ModelRecord>(
            api: server, storage: storage, options: SyncOptions(retryPolicy: Self.fast, probePolicy: Self.fast),
            onEvent: events.sink)
        await restarted.start()
        guard case .loaded(let rows) = events.all.first else {
            Issue.record("the kept rows were not the first thing published")
            return
        }
        #expect(Set(rows.map(\.record.name)) == ["Villa Blu", "Offline Cottage"])
        #expect(rows.allSatisfy { $0.status == .pending(1) })
        await server.setReachable(true)
        await settled(restarted)
        #expect(await server.records["villa"]?.name == "Villa Blu")
        #expect(await server.records.values.map(\.name).sorted() == ["Offline Cottage", "Villa Blu"])
        #expect(try storage.outboxCount() == 0)
    }
}
