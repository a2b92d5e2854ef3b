import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Nanoseconds from `CLOCK_MONOTONIC`: one vDSO call (about 20 ns), cheaper and with
/// less arithmetic around it than `ContinuousClock.now`, which matters for sub-µs operations.
enum MonotonicClock {
    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}

/// Nearest-rank percentiles of a set of durations, and their mean.
struct Percentiles: Sendable {
    let mean: UInt64
    let median: UInt64
    let p99: UInt64

    init(_ samples: [UInt64]) {
        precondition(!samples.isEmpty)
        mean = samples.reduce(0, +) / UInt64(samples.count)
        let sorted = samples.sorted()
        func rank(_ fraction: Double) -> UInt64 {
            sorted[max(0, Int((fraction * Double(sorted.count)).rounded(.up)) - 1)]
        }
        median = rank(0.5)
        p99 = rank(0.99)
    }
}

/// How many published updates the consumer has taken off a stream.
final class DrainCounter: Sendable {
    private let drained = Atomic<Int>(0)

    var value: Int { drained.load(ordering: .acquiring) }

    func increment() { drained.add(1, ordering: .releasing) }
}

/// The UI side: a task that takes every update off the stream and drops it, so that the
/// unbounded buffer does not grow. Detached so that it never runs on the main actor,
/// which the timed loop keeps busy.
func startDraining<Update: Sendable>(_ updates: AsyncStream<Update>, counter: DrainCounter) -> Task<Void, Never> {
    Task.detached {
        var iterator = updates.makeAsyncIterator()
        // The update is released at the end of the condition, before it is counted, so that
        // "drained" also means "freed" when the harness reads the memory in use.
        while await iterator.next() != nil {
            counter.increment()
        }
    }
}

/// How many steps to warm up with and to time, per engine.
struct RunPlan: Sendable {
    /// Untimed steps first, so that caches, branch predictors and lazily built state are warm.
    var warmUpSteps: Int
    /// Stop warming up after this long even if fewer steps ran (nil: no limit).
    var warmUpBudget: UInt64?
    var minimumSteps: Int
    var maximumSteps: Int
    /// Stop timing after this long, once `minimumSteps` ran (nil: no limit).
    var budget: UInt64?
}

/// One engine's measurement at one size.
struct EngineRun: Sendable {
    let engine: String
    let records: Int
    let latency: Percentiles
    let operations: Int
    let bytesPerRecord: Int
    let memorySource: MemoryReading.Source
}

struct WorkloadCheckFailed: Error, CustomStringConvertible {
    let description: String
}

/// Builds the engine, plays the workload against it and measures each step.
///
/// Memory is read before the engine exists (its initial records are generated inside
/// the window, so their strings count), after the build, and after the steps, each
/// time once the consumer has caught up: updates still queued are transient and depend
/// on thread scheduling, not on the engine. The engine is released before returning.
@MainActor
func measure<Engine: BenchEngine>(_: Engine.Type, on workload: Workload, plan: RunPlan) async throws -> EngineRun {
    let memoryBefore = MemoryReading.now()
    let session = await play(workload, on: Engine.self, plan: plan)
    await session.consumer.value  // the engine is gone, so its stream has finished

    let expectedCount = session.stepsRun == 0 ? workload.records : workload.steps[session.stepsRun - 1].visibleCount
    guard session.mismatches == 0, session.visibleCount == expectedCount else {
        throw WorkloadCheckFailed(description: """
            \(Engine.name) at \(workload.records) records: \(session.mismatches) steps left a record other \
            than the server's answer, \(session.visibleCount) visible records instead of \(expectedCount)
            """)
    }
    let growth = MemoryReading.growth(from: memoryBefore, to: session.memory)
    return EngineRun(
        engine: Engine.name, records: workload.records, latency: Percentiles(session.samples),
        operations: session.samples.count, bytesPerRecord: growth.bytes / max(1, workload.records),
        memorySource: growth.source)
}

/// What one engine's life produced; the engine itself ended with `play`.
private struct Session {
    let samples: [UInt64]
    let stepsRun: Int
    let mismatches: Int
    let visibleCount: Int
    /// After the build and after the steps.
    let memory: [MemoryReading]
    let consumer: Task<Void, Never>
}

/// Builds the engine and plays the workload on it; the engine is released on return.
@MainActor
private func play<Engine: BenchEngine>(_ workload: Workload, on _: Engine.Type, plan: RunPlan) async -> Session {
    let engine = Engine(workload: workload)
    let consumer = engine.startConsumer()
    await waitUntilDrained(engine)
    let memoryAfterBuild = MemoryReading.now()

    let (samples, stepsRun, mismatches) = timeSteps(of: workload, on: engine, plan: plan)

    await waitUntilDrained(engine)
    return Session(
        samples: samples, stepsRun: stepsRun, mismatches: mismatches, visibleCount: engine.visibleCount,
        memory: [memoryAfterBuild, MemoryReading.now()], consumer: consumer)
}

/// The timed loop: warm-up steps, then one clock reading either side of each step.
@MainActor
private func timeSteps<Engine: BenchEngine>(
    of workload: Workload, on engine: Engine, plan: RunPlan
) -> (samples: [UInt64], stepsRun: Int, mismatches: Int) {
    let steps = workload.steps
    var next = 0
    var mismatches = 0
    let warmUpStart = MonotonicClock.now()
    while next < min(plan.warmUpSteps, steps.count) {
        if let budget = plan.warmUpBudget, next > 0, MonotonicClock.now() - warmUpStart >= budget { break }
        engine.perform(steps[next])
        if !engine.shows(steps[next]) { mismatches += 1 }
        next += 1
    }

    let maximum = min(plan.maximumSteps, steps.count - next)
    var samples: [UInt64] = []
    samples.reserveCapacity(maximum)  // no allocation of ours inside the timed loop
    let start = MonotonicClock.now()
    var end = start
    while samples.count < maximum {
        if let budget = plan.budget, samples.count >= plan.minimumSteps, end - start >= budget { break }
        let step = steps[next]
        let before = MonotonicClock.now()
        engine.perform(step)
        end = MonotonicClock.now()
        samples.append(end - before)
        if !engine.shows(step) { mismatches += 1 }
        next += 1
    }
    return (samples, next, mismatches)
}

@MainActor
private func waitUntilDrained(_ engine: some BenchEngine) async {
    while !engine.isDrained {
        try? await Task.sleep(for: .milliseconds(1))
    }
}

