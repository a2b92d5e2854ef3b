import GraphQL

/// What the server does with its store beyond answering requests: seeding and checks. One
/// implementation per dialect (`PropertyDatabase`, `ItemDatabase`).
protocol PropertyStore: Sendable {
    var isEmpty: Bool { get async throws }
    /// A handful of sample properties, some with non-ASCII names, into an empty store.
    func seedSamples() async throws
    /// `count` generated properties into an empty store, in one transaction; throws
    /// `PropertyDatabase.SeedRefusal.storeNotEmpty`, having changed nothing, otherwise.
    func seedGenerated(count: Int, progressInterval: Int, progress: @Sendable @escaping (Int) -> Void) async throws
    /// SQLite's journal mode ("wal" for a `DatabasePool`).
    func journalMode() async throws -> String?
}

/// What the root resolvers call, per dialect: the reads and writes of `RealEstateProperty`,
/// from GraphQL arguments to the records answered. Errors are `AppSyncResolverError`s.
protocol PropertyOperations: Sendable {
    func get(_ args: Map) async throws -> PropertyRecord?
    func list(_ args: Map, budget: RequestBudget?) async throws -> PropertyPage
    func create(_ args: Map) async throws -> PropertyRecord
    func update(_ args: Map) async throws -> PropertyRecord
    func delete(_ args: Map) async throws -> PropertyRecord
}

/// The versioned dialect: `PropertyQueries` and `PropertyMutations` over one `PropertyDatabase`,
/// with the sync query the Gen 2 dialect does not have.
struct VersionedOperations: PropertyOperations {
    let queries: PropertyQueries
    let mutations: PropertyMutations

    func get(_ args: Map) async throws -> PropertyRecord? { try await queries.get(args) }
    func list(_ args: Map, budget: RequestBudget?) async throws -> PropertyPage { try await queries.list(args, budget: budget) }
    func sync(_ args: Map, budget: RequestBudget?) async throws -> PropertyPage { try await queries.sync(args, budget: budget) }
    func create(_ args: Map) async throws -> PropertyRecord { try await mutations.create(args) }
    func update(_ args: Map) async throws -> PropertyRecord { try await mutations.update(args) }
    func delete(_ args: Map) async throws -> PropertyRecord { try await mutations.delete(args) }
}
