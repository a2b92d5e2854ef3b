import AmplifyModels
import AppSync

/// Which of AppSync's two dialects a backend speaks, learnt from the API itself and kept
/// with that backend's cache and outbox (see `RecordList+Dialect`).
///
/// - `versioned`: the DataStore-era API with conflict detection (`_version`, `_deleted`,
///   `_lastChangedAt`, `syncRealEstateProperties`, tombstones). A write names the version it
///   was made against; the server refuses a stale one (`ConflictUnhandled`).
/// - `plain`: what Amplify Gen 2 deploys. No versions, no sync query, no tombstones. A write
///   carries a `condition` instead: the fields it changes still hold what the change was made
///   against, else DynamoDB refuses it (`ConditionalCheckFailedException`). Copies of a record
///   are ordered by `updatedAt`, which the server sets on every write.
///
/// Everything that differs between the two is a function of this value; the list's rules
/// (sending, conflicts, undo) are the same for both.
public struct APIDialect: Sendable, Hashable, Codable, CustomStringConvertible {
    public enum Kind: String, Sendable, Codable {
        case versioned, plain
    }

    public var kind: Kind
    /// Plain only: the list's `filter` takes `updatedAt` (older transformers left it out), so a
    /// catch-up can ask for what changed since a time before it reads the whole list.
    public var filtersByUpdatedAt: Bool

    public init(_ kind: Kind, filtersByUpdatedAt: Bool = true) {
        self.kind = kind
        self.filtersByUpdatedAt = kind == .plain && filtersByUpdatedAt
    }

    public static let versioned = APIDialect(.versioned)
    public static let plain = APIDialect(.plain)

    /// Whether the server keeps tombstones and versions (and answers delta sync queries).
    public var hasVersions: Bool { kind == .versioned }

    /// Whether the API can list only what changed since a time (a delta query, or a filter on
    /// `updatedAt`). Deletions still show only in a delta query or a whole list.
    public var readsChangesSince: Bool { kind == .versioned || filtersByUpdatedAt }

    public var description: String {
        switch kind {
        case .versioned: "versioned (conflict detection)"
        case .plain: "plain (Gen 2, conditional writes)"
        }
    }
}

/// What an introspection query says about the API, for one model (`RecordList` asks it once
/// per backend, and again when a request is refused as invalid GraphQL).
public struct APIDescription: Sendable, Equatable {
    /// The root query fields (`getRealEstateProperty`, `listRealEstateProperties`, …).
    public var queries: Set<String>
    /// The fields of the model's type (`RealEstateProperty`); empty when the API has no such type.
    public var recordFields: Set<String>
    /// The input fields of its filter (`ModelRealEstatePropertyFilterInput`).
    public var filterFields: Set<String>
    /// The model asked about.
    public var model: AmplifyModel

    public init(queries: Set<String>, recordFields: Set<String>, filterFields: Set<String>, model: AmplifyModel = .realEstateProperty) {
        self.queries = queries
        self.recordFields = recordFields
        self.filterFields = filterFields
        self.model = model
    }

    /// The dialect this API speaks, or what it lacks that the app cannot do without: the model's
    /// type with every field the app reads (relations and the server's timestamps aside), and
    /// its get and list queries.
    public func dialect() -> Result<APIDialect, AppSyncFailure> {
        let name = model.name
        if recordFields.isEmpty { return .failure(.notOffered("the API has no \(name) model")) }
        for field in Self.fieldsNeeded(by: model) where !recordFields.contains(field) {
            return .failure(.notOffered("the API has no field \(field) in \(name)"))
        }
        for query in ["get\(name)", "list\(model.pluralName)"] where !queries.contains(query) {
            return .failure(.notOffered("the API has no query \(query)"))
        }
        if queries.contains("sync\(model.pluralName)"), recordFields.contains("_version") {
            return .success(.versioned)
        }
        if model.fields.contains(where: { $0.name == "updatedAt" }), !recordFields.contains("updatedAt") {
            return .failure(.notOffered("the API has no field updatedAt in \(name)"))
        }
        return .success(APIDialect(.plain, filtersByUpdatedAt: filterFields.contains("updatedAt")))
    }

    private static func fieldsNeeded(by model: AmplifyModel) -> [String] {
        model.fields.filter { field in
            if AmplifyModel.serverTimestamps.contains(field.name) { return false }
            if case .model = field.type { return false }
            return true
        }.map(\.name)
    }

    /// The query that asks for it: three `__type` lookups, a few hundred bytes of answer.
    static func query(for model: AmplifyModel) -> String {
        """
        query ProptuiDescribeAPI {
          query: __type(name: "Query") { fields { name } }
          record: __type(name: "\(model.name)") { fields { name } }
          filter: __type(name: "Model\(model.name)FilterInput") { inputFields { name } }
        }
        """
    }

    /// The sample's.
    static var query: String { query(for: .realEstateProperty) }

    /// Reads the answer to `query(for: model)` (a type the API lacks comes back as null).
    init(introspection data: JSONValue?, model: AmplifyModel = .realEstateProperty) {
        func names(_ type: String, _ list: String) -> Set<String> {
            guard case .array(let entries)? = data?[type]?[list] else { return [] }
            return Set(entries.compactMap { $0["name"]?.stringValue })
        }
        self.init(
            queries: names("query", "fields"), recordFields: names("record", "fields"), filterFields: names("filter", "inputFields"),
            model: model)
    }
}

extension AppSyncFailure {
    /// For a request refused as invalid GraphQL: whether what it misses is what only the
    /// versioned dialect has (so the API speaks the plain one).
    func missesVersionedOnlyParts(of model: AmplifyModel = .realEstateProperty) -> Bool {
        guard case .notOffered(let message) = self else { return false }
        return ["_version", "_deleted", "_lastChangedAt", "sync\(model.pluralName)", "startedAt", "lastSync", "AWSTimestamp"]
            .contains { message.contains($0) }
    }
}
