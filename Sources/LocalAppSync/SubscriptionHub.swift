import Foundation
import GraphQL
import Synchronization

/// Fans a mutation's result out to the realtime subscriptions it triggers. A subscriber sees
/// the record limited to the fields the mutation selected (the rest arrive as null) and only
/// when its filter holds for that limited record, as AppSync does.
final class SubscriptionHub: Sendable {
    /// What a subscription stream yields: the execution source for one `data` message.
    typealias Event = [String: any Sendable]

    private struct Subscriber {
        let mutations: Set<String>
        let filter: Map
        let continuation: AsyncStream<Event>.Continuation
    }

    private let subscribers = Mutex<[UUID: Subscriber]>([:])

    var subscriberCount: Int { subscribers.withLock { $0.count } }

    /// A stream of the events of the given mutations that pass `filter`; it unregisters itself
    /// when its consumer stops.
    func subscribe(to mutations: Set<String>, filter: Map) -> AsyncStream<Event> {
        let id = UUID()
        let (stream, continuation) = AsyncStream<Event>.makeStream(bufferingPolicy: .bufferingNewest(1000))
        continuation.onTermination = { [weak self] _ in
            _ = self?.subscribers.withLock { $0.removeValue(forKey: id) }
        }
        subscribers.withLock { $0[id] = Subscriber(mutations: mutations, filter: filter, continuation: continuation) }
        return stream
    }

    /// What a subscription's arguments let through, as AppSync filters: each argument but
    /// `filter` (an owner's name, say) must equal the result's field of that name ("basic
    /// filtering"), and `filter` must hold for the result ("enhanced filtering").
    static func filter(of arguments: Map) -> Map {
        guard case .dictionary(let arguments) = arguments else { return .null }
        var clauses: [Map] = arguments.compactMap { name, value in
            name == "filter" || value.isNull || value.isUndefined ? nil : .dictionary([name: .dictionary(["eq": value])])
        }
        if let filter = arguments["filter"], !filter.isNull, !filter.isUndefined { clauses.append(filter) }
        return clauses.isEmpty ? .null : .dictionary(["and": .array(clauses)])
    }

    /// An event whose filter fields (`limitedFields`) and execution source are made already
    /// limited to what the mutation selected.
    func publish(mutation: String, limitedFields limited: Map, source: Event) {
        let targets = subscribers.withLock { subscribers in
            subscribers.values.filter { $0.mutations.contains(mutation) }
        }
        for subscriber in targets where RecordFilter.matches(subscriber.filter, fields: limited) {
            subscriber.continuation.yield(source)
        }
    }
}
