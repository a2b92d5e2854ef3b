import Synchronization

/// Where the query resolvers leave what they read, by response key, when the request takes the
/// fast path (`FastPagePlan`): the library runs each root field's resolver (arguments, limits,
/// errors exactly as always) but selects only `__typename` under it, and the answer's rows are
/// rendered from what was left here instead of by the library's per-field execution.
final class PageCapture: Sendable {
    enum Read: Sendable {
        case page(ModelOperations.Page)
        case record(ModelItem?)
    }

    private let kept = Mutex<[String: Read]>([:])

    func keep(_ read: Read, forKey key: String) {
        kept.withLock { $0[key] = read }
    }

    func read(forKey key: String) -> Read? {
        kept.withLock { $0[key] }
    }

    /// Everything kept, in no order.
    func reads() -> [Read] {
        kept.withLock { Array($0.values) }
    }
}
