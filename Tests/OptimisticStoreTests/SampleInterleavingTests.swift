import OptimisticStore
import Testing

/// Each interleaving that breaks the Amplify sample's rollback by array index,
/// with the outcome our store must give instead. (The sample's algorithm, and so its
/// outcome, is ported in `Sources/proptui-bench/SampleBaseline.swift`.)
@Suite struct SampleInterleavingTests {
    let a = Home(id: 1, name: "Harbour View Loft", address: "12 Quay St", version: 1)
    let b = Home(id: 2, name: "Maple Cottage", address: "4471 Main St", version: 1)
    let c = Home(id: 3, name: "Villa Rosa", address: "88 Via Roma", version: 1)
    let refused = Rejection("The conditional request failed")

    @Test func twoDeletesFirstSucceedsSecondFails() {
        // The sample: D(B)'s rollback writes B into slot 1, overwriting C.
        let store = OptimisticStore(confirmed: [a, b, c])
        let deleteA = store.apply(.delete(a.id)).operation
        let deleteB = store.apply(.delete(b.id)).operation
        #expect(store.shown == [c.id: c])
        store.confirm(deleteA, with: a.written(version: 2, deleted: true))
        let diff = store.reject(deleteB, because: refused)
        #expect(store.shown == [b.id: b, c.id: c])
        #expect(diff == StoreDiff(inserted: [b.id]))
        #expect(store.status(b.id) == .synced)  // the refusal's `!` is the screen's
        #expect(store.status(c.id) == .synced)
    }

    @Test func twoDeletesOnTwoRowsFirstSucceedsSecondFails() {
        // The sample: `remove(at: 1)` on a one-element array traps.
        let store = OptimisticStore(confirmed: [a, b])
        let deleteA = store.apply(.delete(a.id)).operation
        let deleteB = store.apply(.delete(b.id)).operation
        store.confirm(deleteA, with: a.written(version: 2, deleted: true))
        store.reject(deleteB, because: refused)
        #expect(store.shown == [b.id: b])
        #expect(store.count == 1)
    }

    @Test func twoDeletesBothSucceed() {
        // The sample: D(B)'s `remove(at: 1)` removes C instead.
        let store = OptimisticStore(confirmed: [a, b, c])
        let deleteA = store.apply(.delete(a.id)).operation
        let deleteB = store.apply(.delete(b.id)).operation
        store.confirm(deleteA, with: a.written(version: 2, deleted: true))
        store.confirm(deleteB, with: b.written(version: 2, deleted: true))
        #expect(store.shown == [c.id: c])
    }

    @Test func updateFailsAfterAnotherRowsDeleteSucceeded() {
        // The sample: U(B) captured index 1; after D(A) the array shifts and the
        // rollback writes old B over C, leaving two rows with B's id.
        let store = OptimisticStore(confirmed: [a, b, c])
        let renameB = store.apply(.update(b.id, .init(name: "Maple Lodge"))).operation
        let deleteA = store.apply(.delete(a.id)).operation
        store.confirm(deleteA, with: a.written(version: 2, deleted: true))
        store.reject(renameB, because: refused)
        #expect(store.shown == [b.id: b, c.id: c])
        #expect(store.records.count == 2)
    }

    @Test func laterUpdateSucceedsThenEarlierFails() {
        // The sample: U1's rollback restores O over the confirmed Y.
        let o = a
        let store = OptimisticStore(confirmed: [o])
        let toX = store.apply(.update(o.id, .init(name: "X"))).operation
        let toY = store.apply(.update(o.id, .init(name: "Y"))).operation
        #expect(store.record(o.id)?.name == "Y")
        let y = o.applying(.init(name: "Y")).written(version: 2)
        store.confirm(toY, with: y)
        store.reject(toX, because: refused)
        #expect(store.record(o.id) == y)
        #expect(store.status(o.id) == .synced)
    }

    @Test func bothUpdatesOnOneRowFail() {
        // The sample ends on X, a value the server never accepted.
        let store = OptimisticStore(confirmed: [a])
        let toX = store.apply(.update(a.id, .init(name: "X"))).operation
        let toY = store.apply(.update(a.id, .init(name: "Y"))).operation
        store.reject(toY, because: refused)
        #expect(store.record(a.id)?.name == "X")  // X is still pending: it stays on screen
        store.reject(toX, because: refused)
        #expect(store.record(a.id) == a)
    }

    @Test func refreshWhileACreateIsPending() {
        // The sample: the list replaces the array and the create is lost for good.
        let store = OptimisticStore(confirmed: [a])
        let new = Home(id: 9, name: "Sea Breeze")
        let create = store.apply(.create(new)).operation
        let diff = store.replaceConfirmed(with: [a, b])
        #expect(store.shown == [a.id: a, b.id: b, new.id: new])
        #expect(diff == StoreDiff(inserted: [b.id]))  // the pending row did not flicker
        store.confirm(create, with: new.written(version: 1))
        #expect(store.record(new.id) == new.written(version: 1))
        #expect(store.status(new.id) == .synced)
    }

    @Test func refreshWhileADeleteIsPending() {
        // The sample: the nil slot comes back as a live row.
        let store = OptimisticStore(confirmed: [a, b])
        let delete = store.apply(.delete(b.id)).operation
        let diff = store.replaceConfirmed(with: [a, b])
        #expect(store.shown == [a.id: a])
        #expect(diff.isEmpty)
        store.confirm(delete, with: b.written(version: 2, deleted: true))
        #expect(store.shown == [a.id: a])
    }

    @Test func refreshWhileADeleteIsPendingThenTheDeleteFails() {
        let store = OptimisticStore(confirmed: [a, b])
        let delete = store.apply(.delete(b.id)).operation
        let renamedB = b.applying(.init(name: "Maple Lodge")).written(version: 2)
        store.replaceConfirmed(with: [a, renamedB])
        store.reject(delete, because: refused)
        #expect(store.record(b.id) == renamedB)  // back, with what the refresh brought
    }

    @Test func updateOnARowWhoseCreateIsInFlight() {
        // The sample has no per-record order; our store folds the update over the pending create.
        let store = OptimisticStore(confirmed: [a])
        let new = Home(id: 9, name: "Sea Breeze")
        let create = store.apply(.create(new)).operation
        let rename = store.apply(.update(new.id, .init(name: "Sea Breeze Villa"))).operation
        #expect(store.record(new.id)?.name == "Sea Breeze Villa")
        #expect(store.status(new.id) == .pending(2))
        store.confirm(create, with: new.written(version: 1))
        #expect(store.record(new.id)?.name == "Sea Breeze Villa")  // the rename stays on top
        store.confirm(rename, with: new.applying(.init(name: "Sea Breeze Villa")).written(version: 2))
        #expect(store.record(new.id)?.version == 2)
        #expect(store.status(new.id) == .synced)
    }

    @Test func createFailsWithAnUpdateQueuedBehindIt() {
        // The sample: the update's rollback re-inserts a row the server never had.
        let store = OptimisticStore(confirmed: [a])
        let new = Home(id: 9, name: "Sea Breeze")
        let create = store.apply(.create(new)).operation
        let rename = store.apply(.update(new.id, .init(name: "Sea Breeze Villa"))).operation
        store.reject(create, because: refused)
        #expect(store.record(new.id) == nil)
        store.reject(rename, because: Rejection("not found"))
        #expect(store.shown == [a.id: a])
    }

    @Test func deleteWhileTheCreateIsInFlightThenTheCreateSucceeds() {
        // The sample: the create's success resurrects a row the user deleted.
        let store = OptimisticStore(confirmed: [a])
        let new = Home(id: 9, name: "Sea Breeze")
        let create = store.apply(.create(new)).operation
        let delete = store.apply(.delete(new.id)).operation
        #expect(store.record(new.id) == nil)
        store.confirm(create, with: new.written(version: 1))
        #expect(store.record(new.id) == nil)
        store.confirm(delete, with: new.written(version: 2, deleted: true))
        #expect(store.shown == [a.id: a])
    }
}
