import OptimisticStore
import PropertyBased
import Testing

/// The proof: random schedules over a few records (so operations collide) of local
/// creates, renames, address edits and deletes, settled by accepts, rejects and
/// transient failures in any order, with remote writes, subscription events and
/// full refreshes in between. After every step the store must show the fold
/// recomputed from scratch; once everything has settled, exactly the server.
///
/// A failure prints the shrunk schedule, the steps that ran, and a
/// `.fixedSeed("…")` trait that replays it.
@Suite struct RebaseProperties {
    static let step = zip(Gen.int(in: 0...99), Gen.int(in: 0...7), Gen.int(in: 0...7))
        .map { ScheduleStep(kind: $0, a: $1, b: $2) }
    static let schedule = step.array(of: 1...40)

    @Test func storeShowsTheFoldAndConvergesToTheServer() async {
        await propertyCheck(count: 10_000, input: Self.schedule) { steps in
            // Gives the other tests' tasks a turn: two of these busy loops would otherwise
            // hold both threads of a 2-core machine's pool for a minute.
            await Task.yield()
            var simulation = Simulation()
            for step in steps { simulation.run(step) }
            simulation.settleEverything()
        }
    }

    /// Long schedules on two records: deep pending logs on the same row.
    @Test func deepLogsOnTwoRecords() async {
        await propertyCheck(count: 1_000, input: Self.step.array(of: 60...120)) { steps in
            await Task.yield()
            var simulation = Simulation(seedRecords: 2)
            for step in steps { simulation.run(step) }
            simulation.settleEverything()
        }
    }
}
