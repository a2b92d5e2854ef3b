import OptimisticStore
import PropertySync

/// One engine under test, as the harness drives it. The harness is generic over this
/// protocol, so each engine's timed loop is specialised: no dynamic dispatch is timed.
protocol BenchEngine: AnyObject {
    associatedtype Update: Sendable

    static var name: String { get }

    /// The engine holding the workload's initial records, as right after a refresh.
    init(workload: Workload)

    /// What the engine publishes to the UI. Created (and so publishing turned on) by `init`.
    var updates: AsyncStream<Update> { get }

    /// How many updates the engine has published so far.
    var publishedCount: Int { get }

    /// One operation: optimistic apply, immediate successful settle, and the publishing of both.
    func perform(_ step: Workload.Step)

    /// Whether the engine shows what the workload expects after `step`. Never timed.
    func shows(_ step: Workload.Step) -> Bool

    /// How many properties are visible. O(n) allowed: checked once at the end.
    var visibleCount: Int { get }
}

/// Our engine: `OptimisticStore` fed the workload's changes and the server's answers.
final class ProptuiEngine: BenchEngine {
    static let name = "proptui"

    private let store: OptimisticStore<RealEstateProperty>
    let updates: AsyncStream<StoreDiff<String>>
    private(set) var publishedCount = 0

    init(workload: Workload) {
        store = OptimisticStore(confirmed: workload.initialStoreRecords())
        updates = store.diffs  // read now: the store only publishes once someone holds the stream
    }

    func perform(_ step: Workload.Step) {
        let (operation, applied) = store.apply(step.change)
        let settled = store.confirm(operation, with: step.serverRecord)
        // The store yields exactly its non-empty diffs; count them to know when the consumer is done.
        publishedCount += (applied.isEmpty ? 0 : 1) + (settled.isEmpty ? 0 : 1)
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
    var updates: AsyncStream<[SampleProperty]> { list.publisher }

    init(workload: Workload) {
        list.load(workload.initialSampleProperties())
    }

    var publishedCount: Int { list.publishedCount }

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
