import OptimisticStore
import AmplifyModels
import Synchronization

/// Whether a create may be sent, given its parents (`belongsTo`).
public enum ParentState: Sendable, Equatable {
    /// No parent is waiting for the server (or the record has none).
    case ready
    /// A parent's own create is not confirmed yet: the child would name a record the server
    /// does not hold.
    case waiting
    /// A parent's create was refused: the child goes with it, for this reason.
    case refused(String)
}

/// What a list tells the others about its creates, and asks about its records' parents (see
/// `PendingCreates`). Closures, so that the list (generic over its record) needs to know nothing
/// of models; nil for a list whose records have no parents (the sample's).
public struct CreateGate<Record: ListRecord>: Sendable {
    public var parentState: @Sendable (Record) -> ParentState
    /// A create of this list's model is pending (made now, or kept in the outbox).
    public var pending: @Sendable (Record.ID) -> Void
    /// It left the outbox: confirmed (`refusal` nil), or refused or taken back (why).
    public var left: @Sendable (Record.ID, _ name: String, _ refusal: String?) -> Void
    /// Calls `wake` whenever some parent's create leaves the outbox.
    public var whenParentsSettle: @Sendable (_ wake: @escaping @Sendable () -> Void) -> Void

    public init(
        parentState: @escaping @Sendable (Record) -> ParentState, pending: @escaping @Sendable (Record.ID) -> Void,
        left: @escaping @Sendable (Record.ID, String, String?) -> Void,
        whenParentsSettle: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void
    ) {
        self.parentState = parentState
        self.pending = pending
        self.left = left
        self.whenParentsSettle = whenParentsSettle
    }
}

/// The creates of one backend's models that the server has not confirmed yet, shared by its
/// lists, so that a record made under a parent made a moment before (both still in the outbox,
/// perhaps across a restart) is sent only once the server holds the parent, and is refused with
/// the parent when the parent is refused. Each list sends its own model's creates in the order
/// made; this orders them across models.
public final class PendingCreates: Sendable {
    private struct Entry: Hashable {
        var model: String
        var key: RecordKey
    }

    private struct State {
        var pending: Set<Entry> = []
        /// Refused parents, with what a child is told; kept for the session.
        var refused: [Entry: String] = [:]
        var wakers: [@Sendable () -> Void] = []
    }

    private let state = Mutex(State())

    public init() {}

    /// The gate of one model's list.
    public func gate(for layout: RecordLayout) -> CreateGate<ModelRecord> {
        let model = layout.model
        let parents = Self.parentLinks(of: model, in: layout.schema)
        return CreateGate(
            parentState: { [self] record in self.state(ofParentsOf: record, through: parents) },
            pending: { [self] key in _ = self.state.withLock { $0.pending.insert(Entry(model: model.name, key: key)) } },
            left: { [self] key, name, refusal in self.left(Entry(model: model.name, key: key), name: "\(model.name) “\(name)”", refusal: refusal) },
            whenParentsSettle: { [self] wake in self.state.withLock { $0.wakers.append(wake) } })
    }

    private func left(_ entry: Entry, name: String, refusal: String?) {
        let wakers = state.withLock { state in
            guard state.pending.remove(entry) != nil else { return [] as [@Sendable () -> Void] }
            if let refusal { state.refused[entry] = "its \(name) was refused: \(refusal)" }
            return state.wakers
        }
        for wake in wakers { wake() }
    }

    private func state(ofParentsOf record: ModelRecord, through links: [ParentLink]) -> ParentState {
        guard !links.isEmpty else { return .ready }
        let entries = links.compactMap { link in link.parent(of: record) }
        return state.withLock { state in
            for entry in entries {
                if let reason = state.refused[entry] { return .refused(reason) }
                if state.pending.contains(entry) { return .waiting }
            }
            return .ready
        }
    }

    /// A `belongsTo` (or a `hasOne` holding the key here): the parent model, its key fields, and
    /// the fields of this model that hold their values.
    private struct ParentLink: Sendable {
        var model: AmplifyModel
        var association: ModelAssociation

        func parent(of record: ModelRecord) -> Entry? {
            var values: [String: ModelValue] = [:]
            for pair in association.parentKeyFields(of: model) {
                guard let value = record[pair.heldIn], value != .null else { return nil }  // no parent named
                values[pair.keyField] = value
            }
            return RecordKey(values: values, of: model).map { Entry(model: model.name, key: $0) }
        }
    }

    private static func parentLinks(of model: AmplifyModel, in schema: ModelSchema) -> [ParentLink] {
        model.fields.compactMap { field in
            guard let association = field.association, association.holdsParentKey,
                  let parent = schema.model(named: association.relatedModel) else { return nil }
            return ParentLink(model: parent, association: association)
        }
    }
}
