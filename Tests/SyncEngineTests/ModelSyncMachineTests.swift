import AmplifyModels
import AppSync
import Foundation
import LocalAppSync
import OptimisticStore
import Synchronization
import Testing
@testable import SyncEngine

/// The list's rules over any model: the same machine as the sample's (`SyncMachineTests`), run on
/// a `ModelRecord` of a real Gen 2 model set (the fixture's `Transaction`: an enum, a Float, an
/// AWSDate, a list). What the record answers (`ListRecord`) is the model's: messages name the
/// display field and the fields that clash, undo puts back the fields a change set.
@Suite struct ModelSyncMachineTests {
    typealias Machine = SyncMachine<ModelRecord>

    let layout: RecordLayout
    let rent: ModelRecord
    let food: ModelRecord

    init() throws {
        let models = try ServedModels(file: Data(contentsOf: ModelAPITests.fixture))
        let model = try #require(models.schema.models.first { $0.name == "Transaction" })
        layout = try RecordLayout(model: model, schema: models.schema)
        rent = ModelRecord(
            layout: layout, key: RecordKey("rent"),
            values: ["description": .string("Rent"), "amount": .float(900), "kind": .enumValue("EXPENSE"), "date": .string("2026-11-01")],
            version: 1)
        food = ModelRecord(
            layout: layout, key: RecordKey("food"),
            values: ["description": .string("Food"), "amount": .float(80), "kind": .enumValue("EXPENSE"), "date": .string("2026-11-02")],
            version: 1)
    }

    func machine(parallel: Int = 4) -> Machine {
        Machine(
            store: OptimisticStore(confirmed: [rent, food]), options: SyncOptions(maximumParallelSends: parallel, offlineMode: .queue),
            dialect: .versioned, dialectIsKnown: true, loadState: .loaded)
    }

    func change(_ machine: inout Machine, _ change: LocalChange<ModelRecord>, kind: OperationKind) -> (OperationID, [Machine.Action]) {
        let staged = machine.stage(change)!
        return (staged.operation.id, machine.commit(staged, kind: kind))
    }

    func edit(_ machine: inout Machine, _ id: String, _ changes: [String: ModelValue]) -> (OperationID, [Machine.Action]) {
        let patch = ModelRecordPatch(changes)
        return change(&machine, .update(RecordKey(id), patch), kind: machine.store.record(RecordKey(id))!.kind(of: patch))
    }

    func emitted(_ actions: [Machine.Action]) -> [RecordListEvent<ModelRecord>] {
        actions.compactMap { if case .emit(let event) = $0 { event } else { nil } }
    }

    func reverted(_ actions: [Machine.Action]) -> [String] {
        emitted(actions).compactMap { if case .reverted(_, let message, _) = $0 { message } else { nil } }
    }

    func sent(_ actions: [Machine.Action]) -> [OperationID] {
        actions.compactMap { if case .send(let operation, _) = $0 { operation } else { nil } }
    }

    @Test func anEditIsSentWithItsBaseAndItsAnswerNamesTheRecordByItsDisplayField() {
        var machine = machine()
        let (operation, actions) = edit(&machine, "rent", ["amount": .float(950)])
        #expect(actions.contains(.send(operation, .update(id: RecordKey("rent"), ModelRecordPatch(["amount": .float(950)]), base: rent))))
        let confirmed = rent.applying(ModelRecordPatch(["amount": .float(950)]))
        var answeredCopy = confirmed
        answeredCopy.version = 2
        let answer = machine.answered(.success(answeredCopy), to: operation)
        #expect(emitted(answer).contains(.succeeded(RecordOperationSummary(kind: .editField("amount"), recordID: RecordKey("rent"), recordName: "Rent"))))
        #expect(machine.store.pendingCount == 0)
    }

    /// Issue 29: a `description` shown first is not a name: changing it is an edit, named by its
    /// new text; a model whose display field is a name (`Category.name`) is renamed.
    @Test func changingOnlyTheDisplayFieldIsARenameOnlyWhereItIsAName() {
        var machine = machine()
        let (operation, _) = edit(&machine, "rent", ["description": .string("Rent, November")])
        #expect(machine.summary(of: machine.store.operation(operation)!).newName == "Rent, November")
        #expect(machine.kind(of: machine.store.operation(operation)!) == .editField("description"), "a change of that field, not a rename")
        #expect(!rent.model.displayFieldIsAName)
    }

    /// A clash in a display field that is a name is said as the sample says it ("renamed it to
    /// …"); one in a description shown first is a change of that field, like any other.
    @Test func aClashInTheNameIsARename() throws {
        let sample = try RecordLayout(model: .realEstateProperty, schema: .realEstateProperty)
        let mine = ModelRecord(layout: sample, key: RecordKey("v"), values: ["id": .string("v"), "name": .string("Villa")], version: 1)
        var theirs = mine
        theirs["name"] = .string("Their Villa")
        theirs["address"] = .string("9 Their St")
        #expect(Set(theirs.clashes(with: ModelRecordPatch(["name": .string("My Villa"), "address": .string("1 My Rd")]), since: mine))
            == ["renamed it to “Their Villa”", "changed its address to “9 Their St”"])
        var rentTheirs = rent
        rentTheirs["description"] = .string("Rent (theirs)")
        #expect(rentTheirs.clashes(with: ModelRecordPatch(["description": .string("Rent (mine)")]), since: rent)
            == ["changed its description to “Rent (theirs)”"])
    }

    /// Versioned: the refusal carries the server's copy; only a field both changed clashes.
    @Test func aConflictIsWeighedFieldByField() {
        var machine = machine()
        let (operation, _) = edit(&machine, "rent", ["amount": .float(950)])
        let theirs: JSONValue = [
            "id": "rent", "description": "Rent", "amount": .double(1000.5), "kind": "EXPENSE", "date": "2026-11-01", "_version": 2,
        ]
        let error = GraphQLError(message: "Conflict resolver rejects mutation.", errorType: "ConflictUnhandled", data: theirs)
        let actions = machine.answered(.failure(.rejected(error)), to: operation)
        #expect(reverted(actions) == ["someone else changed its amount to “1000.5” meanwhile"])
        #expect(machine.store.record(RecordKey("rent"))?["amount"] == .float(1000.5))
        #expect(machine.conflicted[RecordKey("rent")] != nil, "o applies mine again")
    }

    @Test func aConflictInAnotherFieldIsSentAgainOnTop() {
        var machine = machine()
        let (operation, _) = edit(&machine, "rent", ["amount": .float(950)])
        let theirs: JSONValue = [
            "id": "rent", "description": "Rent (flat)", "amount": 900, "kind": "EXPENSE", "date": "2026-11-01", "_version": 2,
        ]
        let error = GraphQLError(message: "Conflict resolver rejects mutation.", errorType: "ConflictUnhandled", data: theirs)
        let actions = machine.answered(.failure(.rejected(error)), to: operation)
        #expect(reverted(actions).isEmpty)
        #expect(sent(actions) == [operation], "rebased on their copy and sent again")
        #expect(machine.store.record(RecordKey("rent"))?["description"] == .string("Rent (flat)"))
        #expect(machine.store.record(RecordKey("rent"))?["amount"] == .float(950))
    }

    @Test func anAnswerThatAlreadyHoldsTheChangeSettlesIt() {
        var machine = machine()
        let (operation, _) = edit(&machine, "rent", ["kind": .enumValue("INCOME")])
        let theirs: JSONValue = [
            "id": "rent", "description": "Rent", "amount": 900, "kind": "INCOME", "date": "2026-11-01", "_version": 3,
        ]
        let error = GraphQLError(message: "Conflict resolver rejects mutation.", errorType: "ConflictUnhandled", data: theirs)
        let actions = machine.answered(.failure(.rejected(error)), to: operation)
        #expect(reverted(actions).isEmpty && sent(actions).isEmpty)
        #expect(machine.store.pendingCount == 0 && machine.store.record(RecordKey("rent"))?.version == 3)
    }

    @Test func undoPutsBackTheFieldsTheChangeSetOrSaysWhichChangedSince() {
        var machine = machine()
        let (operation, _) = edit(&machine, "rent", ["amount": .float(950), "tags": .list([.string("home")])])
        var confirmed = rent.applying(ModelRecordPatch(["amount": .float(950), "tags": .list([.string("home")])]))
        confirmed.version = 2
        _ = machine.answered(.success(confirmed), to: operation)
        guard case .inverse(_, let inverse) = machine.undo() else {
            Issue.record("expected the inverse change")
            return
        }
        #expect(inverse == .update(RecordKey("rent"), ModelRecordPatch(["amount": .float(900), "tags": .null])))

        var again = self.machine()
        let (second, _) = edit(&again, "rent", ["amount": .float(950)])
        var answered = rent.applying(ModelRecordPatch(["amount": .float(950)]))
        answered.version = 2
        _ = again.answered(.success(answered), to: second)
        var moved = answered.applying(ModelRecordPatch(["amount": .float(1)]))
        moved.version = 3
        _ = again.remote(moved)
        guard case .notPossible(let reason) = again.undo() else {
            Issue.record("expected a refusal")
            return
        }
        #expect(reason.hasSuffix("its amount has changed since (now “1.0”)"))
    }

    @Test func anUndoneDeleteComesBackAsANewRecordWithTheSameValues() {
        var machine = machine()
        let (operation, _) = change(&machine, .delete(RecordKey("food")), kind: .delete)
        _ = machine.answered(.success(food.tombstone(atLeast: 2)), to: operation)
        guard case .inverse(_, .create(let copy)) = machine.undo() else {
            Issue.record("expected a create")
            return
        }
        #expect(copy.id != food.id && copy.version == 0 && !copy.isDeleted)
        #expect(copy["description"] == .string("Food") && copy["amount"] == .float(80))
    }

    /// Two edits not yet sent that end where they began are dropped before they are sent.
    @Test func editsThatGoThereAndBackAreNotSent() {
        var machine = machine(parallel: 1)
        let (first, _) = edit(&machine, "food", ["amount": .float(1)])
        let (second, _) = edit(&machine, "rent", ["amount": .float(1)])
        let (third, _) = edit(&machine, "rent", ["amount": .float(900)])
        var answered = food.applying(ModelRecordPatch(["amount": .float(1)]))
        answered.version = 2
        let after = machine.answered(.success(answered), to: first)
        #expect(sent(after).isEmpty, "rent's two edits cancel out")
        #expect(machine.store.operation(second) == nil && machine.store.operation(third) == nil)
    }
}

/// A create under a parent still in the outbox (`belongsTo`, across models): it waits for the
/// parent's confirmation, and is refused with the parent if the parent is refused.
@Suite struct ParentCreateTests {
    let schema: ModelSchema
    let categories: RecordLayout
    let transactions: RecordLayout
    /// A category, and a transaction made under it.
    let groceries: ModelRecord
    let bread: ModelRecord

    init() throws {
        let models = try ServedModels(file: Data(contentsOf: ModelAPITests.fixture))
        schema = models.schema
        categories = try RecordLayout(model: try #require(schema.model(named: "Category")), schema: schema)
        transactions = try RecordLayout(model: try #require(schema.model(named: "Transaction")), schema: schema)
        groceries = ModelRecord(layout: categories, key: RecordKey("groceries"), values: ["name": .string("Groceries")])
        bread = ModelRecord(
            layout: transactions, key: RecordKey("bread"),
            values: ["description": .string("Bread"), "amount": .float(2), "kind": .enumValue("EXPENSE"), "date": .string("2026-11-25"),
                     "categoryId": .string("groceries")])
    }

    func machine(_ gate: CreateGate<ModelRecord>) -> SyncMachine<ModelRecord> {
        var machine = SyncMachine<ModelRecord>(
            store: OptimisticStore(), options: SyncOptions(), dialect: .plain, dialectIsKnown: true, loadState: .loaded)
        machine.parentState = gate.parentState
        return machine
    }

    func create(_ machine: inout SyncMachine<ModelRecord>, _ record: ModelRecord, gate: CreateGate<ModelRecord>) -> [SyncMachine<ModelRecord>.Action] {
        let staged = machine.stage(.create(record))!
        let actions = machine.commit(staged, kind: .create)
        for case .createPending(let id) in actions { gate.pending(id) }
        return actions
    }

    func sent(_ actions: [SyncMachine<ModelRecord>.Action]) -> [ModelRecord] {
        actions.compactMap { if case .send(_, .create(let record)) = $0 { record } else { nil } }
    }

    /// What the list does with a machine's `createLeft`.
    func carryOut(_ actions: [SyncMachine<ModelRecord>.Action], _ gate: CreateGate<ModelRecord>) {
        for case .createLeft(let id, let name, let refusal) in actions { gate.left(id, name, refusal) }
    }

    @Test func aChildWaitsForItsParentThenGoes() {
        let creates = PendingCreates()
        let (categoryGate, transactionGate) = (creates.gate(for: categories), creates.gate(for: transactions))
        var parents = machine(categoryGate)
        var children = machine(transactionGate)
        let parentSent = create(&parents, groceries, gate: categoryGate)
        #expect(sent(parentSent) == [groceries])
        #expect(sent(create(&children, bread, gate: transactionGate)).isEmpty, "the parent is not on the server yet")

        let woken = Mutex(false)
        transactionGate.whenParentsSettle { woken.withLock { $0 = true } }
        let operation = parents.store.pendingOperations[0].id
        var confirmed = groceries
        confirmed.version = 1
        carryOut(parents.answered(.success(confirmed), to: operation), categoryGate)
        #expect(woken.withLock { $0 }, "the children's list is woken")
        #expect(sent(children.parentsSettled()) == [bread], "then the child goes")
    }

    @Test func aChildIsRefusedWithItsParent() {
        let creates = PendingCreates()
        let (categoryGate, transactionGate) = (creates.gate(for: categories), creates.gate(for: transactions))
        var parents = machine(categoryGate)
        var children = machine(transactionGate)
        _ = create(&parents, groceries, gate: categoryGate)
        _ = create(&children, bread, gate: transactionGate)
        let operation = parents.store.pendingOperations[0].id
        carryOut(parents.answered(.failure(.rejected(GraphQLError(message: "name is taken"))), to: operation), categoryGate)
        let after = children.parentsSettled()
        let reasons = after.compactMap { if case .emit(.reverted(_, let message, _)) = $0 { message } else { nil } }
        #expect(reasons == ["its Category “Groceries” was refused: name is taken"])
        #expect(children.store.pendingCount == 0 && sent(after).isEmpty)
    }

    @Test func aRecordWithoutAParentIsNotHeld() {
        let creates = PendingCreates()
        let gate = creates.gate(for: transactions)
        var children = machine(gate)
        let loose = ModelRecord(
            layout: transactions, key: RecordKey("loose"),
            values: ["description": .string("Loose"), "amount": .float(2), "kind": .enumValue("EXPENSE"), "date": .string("2026-11-25")])
        #expect(sent(create(&children, loose, gate: gate)) == [loose])
    }
}

extension ModelSyncMachineTests {
    /// A list shown from its cache (the start could not reach the server) whose live sync then
    /// caught up by a delta is the server's list: it says so (the rule said "cached at" for good).
    @Test func aDeltaCatchUpMakesTheCachedListTheServersList() {
        var machine = Machine(
            store: OptimisticStore(confirmed: [rent, food]), options: SyncOptions(offlineMode: .queue),
            dialect: .versioned, dialectIsKnown: true, loadState: .cached(refreshedAt: Date(timeIntervalSince1970: 0)))
        let began = machine.catchUpBegins()
        #expect(began)
        var changed = rent
        changed["amount"] = .float(950)
        let newer = ModelRecord(layout: layout, key: rent.id, values: changed.valuesByName, version: 2)
        let (_, actions) = machine.caughtUp([newer], by: .delta(since: 100), startedAt: 200, refresh: machine.store.beginRefresh(), now: .now)
        #expect(emitted(actions).contains(.loadStateChanged(.loaded)))
        #expect(machine.store.record(rent.id)?["amount"] == .float(950))
    }
}
