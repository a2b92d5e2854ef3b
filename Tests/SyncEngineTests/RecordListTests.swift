import AmplifyModels
import AppSync
import OptimisticStore
import Synchronization
import Testing
@testable import SyncEngine

/// The list (`RecordList`) of the sample's model over a scripted server: changes shown at once,
/// sent in order, refused, retried, rebased and undone; pages read, guessed and given up.
@Suite struct RecordListTests {
    /// Retries at once, so tests do not wait for backoff.
    static let fastRetry = RetryPolicy(base: .milliseconds(1), cap: .milliseconds(2))

    func makeList(
        _ server: ScriptedServer, parallel: Int = 4, events: EventRecorder = EventRecorder(), storage: ModelCache? = nil
    ) async throws -> RecordList<ModelRecord> {
        let list = try RecordList<ModelRecord>(
            api: server, storage: try storage ?? sampleCache(),
            options: SyncOptions(
                maximumParallelSends: parallel, retryPolicy: Self.fastRetry, probePolicy: Self.fastRetry, pageSize: 2),
            onEvent: events.sink)
        await list.refresh()
        return list
    }

    /// A server whose list never ends (a repeated page token): the refresh fails and says why,
    /// and the pages it did read stay.
    @Test func aListThatNeverEndsIsGivenUp() async throws {
        let records = (0..<7).map { property("p\($0)", name: "Property \($0)", version: 1) }
        let server = ScriptedServer(records: records)
        let events = EventRecorder()
        let list = try await makeList(server, events: events)
        await server.loopTokens()
        let servedBefore = await server.listPagesServed
        #expect(await list.refresh() == false)
        let failed = await events.first { if case .loadFailed = $0 { true } else { false } }
        #expect("\(String(describing: failed))".contains("does not end"))
        #expect(await server.listPagesServed == servedBefore + 2, "the first page, and the one that repeated its token")
        #expect(await list.rows.count == 7)
    }

    /// The next page is asked for with a token guessed from the bytes; a guess the page then
    /// contradicts is dropped and the page's own token asked: every page once, in order.
    @Test func aWrongGuessAtTheNextTokenCostsARequestNotARecord() async throws {
        let records = (0..<9).map { property("p\($0)", name: "Property \($0)", version: 1) }
        let server = ScriptedServer(records: records)
        let events = EventRecorder()
        let list = try await makeList(server, events: events)
        let servedBefore = await server.listPagesServed
        await server.removeRecord("p8")  // gone from the server: a read that skipped a page would remove more
        await server.misguessTokens()
        #expect(await list.refresh() == true)
        #expect(await list.rows.map(\.id).sorted() == records.dropLast().map(\.id))
        // Four pages of two; two guesses ask too far ahead (the pages they bring are dropped).
        let served = await server.listPagesServed - servedBefore
        #expect(served >= 4 && served <= 6)
    }

    /// A read cut short (its task cancelled) is a failure, never a whole list: the records it had
    /// not reached yet stay.
    @Test func aCancelledReadRemovesNothing() async throws {
        let records = (0..<7).map { property("p\($0)", name: "Property \($0)", version: 1) }
        let server = ScriptedServer(records: records)
        let list = try await makeList(server)
        let servedBefore = await server.listPagesServed
        await server.holdPages()  // the first page comes, the rest wait
        let refresh = Task { await list.refresh() }
        await server.wait { $0.listPagesServed == servedBefore + 1 }
        refresh.cancel()
        #expect(await refresh.value == false)
        await server.releasePages()
        #expect(await list.rows.count == 7)
    }

    @Test func refreshReadsEveryPage() async throws {
        let records = (0..<7).map { property("p\($0)", name: "Property \($0)", version: 1) }
        let list = try await makeList(ScriptedServer(records: records))
        #expect(await list.rows.count == 7)
    }

    @Test func changesShowAtOnceAndSettle() async throws {
        let server = ScriptedServer(records: [villa])
        let list = try await makeList(server)
        await server.hold()
        let id = try await list.create(name: "Maple Cottage", address: "4471 Main St")
        try await list.rename("villa", to: "Villa Blu")
        // On screen before the server answered.
        #expect(await list.row(id)?.record.name == "Maple Cottage")
        #expect(await list.row(id)?.status == .pending(1))
        #expect(await list.row("villa")?.record.name == "Villa Blu")
        await server.release()
        await settled(list)
        #expect(await list.row(id)?.status == .synced)
        #expect(await list.row(id)?.record.version == 1)
        #expect(await list.row("villa")?.record.version == 2)
        #expect(await server.records["villa"]?.name == "Villa Blu")
    }

    @Test func sendsInOrderPerRecordWithBoundedParallelism() async throws {
        let records = (0..<10).map { property("p\($0)", name: "Property \($0)", version: 1) }
        let server = ScriptedServer(records: records)
        let list = try await makeList(server, parallel: 3)
        await server.hold()
        for round in 1...3 {
            for record in records { try await list.rename(record.id, to: "\(record.name) r\(round)") }
        }
        await server.wait { $0.heldCount == 3 }
        #expect(await server.heldCount == 3)  // three records on the wire, the rest wait
        await server.release()
        await settled(list)
        #expect(await server.maximumInFlight == 3)
        #expect(await server.maximumInFlightPerRecord == 1)
        for record in records {
            let names = await server.received.compactMap { mutation -> String? in
                if case .update(record.id, let patch, _) = mutation { patch.name } else { nil }
            }
            #expect(names == (1...3).map { "\(record.name) r\($0)" })
            #expect(await server.records[record.id]?.version == 4)  // each update sent with the latest version
        }
    }

    @Test func updateWaitsForItsCreate() async throws {
        let server = ScriptedServer()
        let list = try await makeList(server)
        await server.hold()
        let id = try await list.create(name: "Sea Breeze")
        try await list.rename(id, to: "Sea Breeze Villa")
        try await list.delete(id)
        await server.wait { $0.heldCount == 1 }
        #expect(await server.received.count == 1)
        await server.release()
        await settled(list)
        let kinds = await server.received.map { mutation -> String in
            switch mutation {
            case .create: "create"
            case .update: "update"
            case .delete: "delete"
            }
        }
        #expect(kinds == ["create", "update", "delete"])
        #expect(await list.row(id) == nil)
        #expect(await server.records[id]?.isDeleted == true)
    }

    @Test func rejectionRevertsOnlyItsOwnChangeAndSaysWhy() async throws {
        let server = ScriptedServer(records: [villa, loft])
        let events = EventRecorder()
        let list = try await makeList(server, events: events)
        await server.set(script: [.accept, .reject("Name is reserved")])
        try await list.rename("villa", to: "Villa Blu")
        try await list.rename("villa", to: "Villa Verde")
        await settled(list)
        #expect(await list.row("villa")?.record.name == "Villa Blu")
        #expect(await list.row("villa")?.status == .synced)  // the `!` until a key is the screen's
        let reverted = await events.first { if case .reverted = $0 { true } else { false } }
        #expect(reverted == .reverted(
            RecordOperationSummary<ModelRecord>(kind: .rename, recordID: "villa", recordName: "Villa Blu", newName: "Villa Verde"),
            message: "Name is reserved", conflict: false))
    }

    /// The screen draws what one step told it: a refusal's revert, its pending count and its
    /// reason come in one batch (a frame never shows the mark without the reason), and only
    /// once the outbox no longer holds the refused change.
    @Test func aRefusalReachesTheScreenInOneBatchAfterItIsKept() async throws {
        let server = ScriptedServer(records: [villa])
        let storage = try sampleCache()
        let batches = Mutex<[([RecordListEvent<ModelRecord>], outboxSize: Int)]>([])
        let list = try RecordList<ModelRecord>(
            api: server, storage: storage, options: SyncOptions(retryPolicy: Self.fastRetry, probePolicy: Self.fastRetry)
        ) { (events: [RecordListEvent<ModelRecord>]) in
            let kept = (try? storage.outboxCount()) ?? -1
            batches.withLock { $0.append((events, outboxSize: kept)) }
        }
        await list.refresh()
        await server.set(script: [.reject("Name is reserved")])
        try await list.rename("villa", to: "Villa Blu")
        await settled(list)
        let refusal = batches.withLock { batches in
            batches.first { $0.0.contains { if case .reverted = $0 { true } else { false } } }
        }
        let events = try #require(refusal).0
        #expect(events.contains { if case .rowsChanged = $0 { true } else { false } })
        #expect(events.contains(.pendingCountChanged(0)))
        #expect(try #require(refusal).outboxSize == 0)
    }

    @Test func refusedCreateTakesTheChangesQueuedBehindIt() async throws {
        let server = ScriptedServer()
        let list = try await makeList(server)
        await server.set(script: [.reject("Name is reserved")])
        await server.hold()
        let id = try await list.create(name: "Ghost")
        try await list.rename(id, to: "Ghost Villa")
        try await list.editAddress(id, to: "1 Nowhere Rd")
        await server.release()
        await settled(list)
        #expect(await server.received.count == 1)  // only the create was sent
        #expect(await list.row(id) == nil)
    }

    @Test func successIsNamedAsTheServerNowHasIt() async throws {
        let server = ScriptedServer(records: [villa])
        let events = EventRecorder()
        let list = try await makeList(server, events: events)
        try await list.rename("villa", to: "Villa Blu")
        let succeeded = await events.first { if case .succeeded = $0 { true } else { false } }
        #expect(succeeded == .succeeded(RecordOperationSummary<ModelRecord>(kind: .rename, recordID: "villa", recordName: "Villa Blu")))
    }

    @Test func transientFailureRetriesAndKeepsTheChange() async throws {
        let server = ScriptedServer(records: [villa])
        let list = try await makeList(server)
        await server.set(script: [.transient, .transient])
        try await list.rename("villa", to: "Villa Blu")
        await settled(list)
        #expect(await server.received.count == 3)
        #expect(await list.row("villa")?.record.name == "Villa Blu")
        #expect(await list.row("villa")?.status == .synced)
    }

    @Test func createRetriedAfterAnUnknownOutcomeIsNotDuplicated() async throws {
        let server = ScriptedServer()
        let list = try await makeList(server)
        // The first create reaches the server but the answer is lost.
        await server.set(script: [.transient])
        await server.hold()
        let id = try await list.create(name: "Sea Breeze")
        await server.wait { $0.heldCount == 1 }
        await server.insertBehindTheClientsBack(property(id, name: "Sea Breeze", version: 1))
        await server.release()
        await settled(list)
        #expect(await list.row(id)?.status == .synced)
        #expect(await list.row(id)?.record.version == 1)
        #expect(await server.records.count == 1)
    }

    @Test func conflictOnAnotherFieldIsRebasedAndSent() async throws {
        let server = ScriptedServer(records: [villa])
        let list = try await makeList(server)
        await server.remoteAddressChange("villa", to: "1 New Rd")
        try await list.rename("villa", to: "Villa Blu")
        await settled(list)
        #expect(await server.records["villa"]?.name == "Villa Blu")
        #expect(await server.records["villa"]?.address == "1 New Rd")
        #expect(await list.row("villa")?.status == .synced)
    }

    @Test func conflictOnTheSameFieldIsShown() async throws {
        let server = ScriptedServer(records: [villa])
        let list = try await makeList(server)
        await server.remoteRename("villa", to: "Villa Theirs")
        try await list.rename("villa", to: "Villa Mine")
        await settled(list)
        #expect(await list.row("villa")?.record.name == "Villa Theirs")
        #expect(await list.row("villa")?.status == .conflict("someone else renamed it to “Villa Theirs” meanwhile"))
    }

    @Test func undoIssuesTheInverseChange() async throws {
        let server = ScriptedServer(records: [villa])
        let list = try await makeList(server)
        try await list.rename("villa", to: "Villa Blu")
        let id = try await list.create(name: "Sea Breeze")
        await settled(list)
        #expect(await list.undo() == .undone("Undid adding “Sea Breeze”: it is deleted.", recordID: id))
        #expect(await list.row(id) == nil)
        #expect(await list.undo() == .undone("Undid the rename of “Villa Rosa” to “Villa Blu”.", recordID: "villa"))
        #expect(await list.row("villa")?.record.name == "Villa Rosa")
        await settled(list)
        #expect(await server.records["villa"]?.name == "Villa Rosa")
        #expect(await list.undo() == .nothing)
    }

    @Test func refreshKeepsPendingChangesOnTop() async throws {
        let server = ScriptedServer(records: [villa])
        let list = try await makeList(server)
        await server.hold()
        try await list.delete("villa")
        let id = try await list.create(name: "Sea Breeze")
        await list.refresh()
        #expect(await list.row("villa") == nil)
        #expect(await list.row(id) != nil)
        await server.release()
        await settled(list)
    }
}

extension ScriptedServer {
    func insertBehindTheClientsBack(_ record: ModelRecord) { records[record.id] = record }

    func remoteAddressChange(_ id: RecordKey, to address: String) {
        records[id]?.address = address
        records[id]?.version += 1
    }
}
