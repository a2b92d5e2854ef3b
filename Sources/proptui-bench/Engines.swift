import AmplifyModels
import OptimisticStore
import SyncEngine

/// One engine under test, as the harness drives it. The harness is generic over this
/// protocol, so each engine's timed loop is specialised: no dynamic dispatch is timed.
protocol BenchEngine: AnyObject {
    static var name: String { get }

    /// The engine holding the workload's initial records, as right after a refresh.
    /// Publishing to the UI is turned on here.
    init(workload: Workload)

    /// Starts the UI side: a detached task that takes everything the engine publishes and
    /// drops it, until the engine is gone.
    func startConsumer() -> Task<Void, Never>

    /// Whether the consumer has taken (and freed) everything published so far.
    var isDrained: Bool { get }

    /// One operation: optimistic apply, immediate successful settle, and the publishing of both.
    func perform(_ step: Workload.Step)

    /// Whether the engine shows what the workload expects after `step`. Never timed.
    func shows(_ step: Workload.Step) -> Bool

    /// How many properties are visible. O(n) allowed: checked once at the end.
    var visibleCount: Int { get }
}

/// Our engine: `OptimisticStore` fed the workload's changes and the server's answers, over the
/// sample's model as the app keeps its records (`ModelRecord`).
final class ProptuiEngine: BenchEngine {
    static let name = "proptui"

    private let store: OptimisticStore<ModelRecord>
    /// Each diff goes out as the list's sink sends an event: one by one, in order, to a consumer task.
    private let published: AsyncStream<StoreDiff<RecordKey>>
    private let publish: AsyncStream<StoreDiff<RecordKey>>.Continuation
    private var publishedCount = 0
    private let drained = DrainCounter()

    init(workload: Workload) {
        store = OptimisticStore(confirmed: workload.initialStoreRecords())
        (published, publish) = AsyncStream.makeStream(bufferingPolicy: .unbounded)
    }

    /// The consumer's loop ends when the stream does: the harness waits for it once the engine
    /// is gone (a continuation let go does not end its stream by itself).
    deinit { publish.finish() }

    func startConsumer() -> Task<Void, Never> { startDraining(published, counter: drained) }

    var isDrained: Bool { drained.value >= publishedCount }

    func perform(_ step: Workload.Step) {
        let (operation, applied) = store.apply(step.change)
        publish.yield(applied)
        publish.yield(store.confirm(operation, with: step.serverRecord))
        publishedCount += 2
    }

    func shows(_ step: Workload.Step) -> Bool {
        store.record(step.recordID) == step.expectedRecord && store.pendingCount == 0
    }

    var visibleCount: Int { store.count }
}

/// The port of the Amplify sample.
final class BaselineEngine: BenchEngine {
    static let name = "baseline"

    private let list = SamplePropertyList()
    private let drained = DrainCounter()

    init(workload: Workload) {
        list.load(workload.initialSampleProperties())
    }

    /// As the sample's UI does: every published list is delivered, one by one.
    func startConsumer() -> Task<Void, Never> { startDraining(list.publisher, counter: drained) }

    var isDrained: Bool { drained.value >= list.publishedCount }

    func perform(_ step: Workload.Step) {
        switch step.sampleCall {
        case .create(let property): list.createProperty(property)
        case .update(let property): list.updateProperty(property)
        case .delete(let property): list.deleteProperty(property)
        }
    }

    /// A per-step check would be a second O(n) scan per operation and would halve the
    /// number of operations that fit in the time budget; the final count is checked instead.
    func shows(_ step: Workload.Step) -> Bool { true }

    var visibleCount: Int { list.visibleCount }
}

/// A workload step as the sample's UI calls the list.
enum SampleCall {
    case create(SampleProperty)
    case update(SampleProperty)
    case delete(SampleProperty)
}
