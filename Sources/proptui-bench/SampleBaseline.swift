import Foundation

/// The Amplify sample's model, `RealEstateProperty` as Amplify's codegen writes it
/// (no `_version`: the sample does not use conflict detection). Its timestamps are
/// `Temporal.DateTime`, a wrapper around a `Date`; a plain `Date` stands in for it.
struct SampleProperty: Sendable, Equatable {
    let id: String
    var name: String
    var address: String?
    var createdAt: Date?
    var updatedAt: Date?
}

/// The Amplify sample app's own `RealEstatePropertyList` (its view model), ported algorithm for algorithm. Three substitutions,
/// all so that only the local algorithm is measured, as for our engine:
/// - a final class instead of an actor, so that no actor hop is timed on either side;
/// - an `AsyncStream` continuation instead of the Combine subject;
/// - `Amplify.API.mutate` answers at once (`ImmediateServer`), so settling runs synchronously.
/// What stays exactly as in the sample: `[Property?]` storage, a `firstIndex(where:)` scan
/// before each change, and the whole list published (`compactMap`) on every assignment.
final class SamplePropertyList {
    private var properties: [SampleProperty?] = [] {
        didSet {
            continuation.yield(properties.compactMap { $0 })
            publishedCount += 1
        }
    }

    /// What the UI subscribes to: the whole visible list after every change.
    let publisher: AsyncStream<[SampleProperty]>
    private let continuation: AsyncStream<[SampleProperty]>.Continuation
    private let server: ImmediateServer
    /// Not in the sample: how many lists have been published, so that the harness can
    /// wait for its consumer to catch up before it reads the memory in use.
    private(set) var publishedCount = 0

    init(server: ImmediateServer = ImmediateServer()) {
        // Unbounded, like a Combine subject with a sink: every published list is delivered.
        (publisher, continuation) = AsyncStream.makeStream(bufferingPolicy: .unbounded)
        self.server = server
    }

    deinit { continuation.finish() }

    /// The sample's `listProperties()`: the query result replaces the list (and is published).
    func load(_ items: [SampleProperty]) {
        properties = items
    }

    /// The sample builds the model here (`RealEstateProperty(name:address:)`, with a fresh
    /// UUID); the workload passes it in so that both engines get the same record and no
    /// id generation is timed on either side.
    func createProperty(_ property: SampleProperty) {
        properties.append(property)  // optimistic
        if !server.accepts(.create) {
            guard let index = properties.firstIndex(where: { $0?.id == property.id }) else { return }
            properties.remove(at: index)
        }
    }

    func updateProperty(_ property: SampleProperty) {
        guard let index = properties.firstIndex(where: { $0?.id == property.id }) else { return }
        let oldProperty = properties[index]
        properties[index] = property  // optimistic
        if !server.accepts(.update) {
            properties[index] = oldProperty
        }
    }

    func deleteProperty(_ property: SampleProperty) {
        guard let index = properties.firstIndex(where: { $0?.id == property.id }) else { return }
        let oldProperty = properties[index]
        properties[index] = nil  // optimistic: hidden, the slot kept for the rollback
        if server.accepts(.delete) {
            properties.remove(at: index)
        } else {
            properties[index] = oldProperty
        }
    }

    /// Not in the sample: for the harness's end-of-run check (O(n), never timed).
    var visibleCount: Int { properties.reduce(0) { $0 + ($1 == nil ? 0 : 1) } }
}

/// Stands in for `Amplify.API.mutate`: answers at once, success unless built otherwise.
struct ImmediateServer {
    enum Mutation { case create, update, delete }

    var acceptsMutations = true

    func accepts(_ mutation: Mutation) -> Bool { acceptsMutations }
}
