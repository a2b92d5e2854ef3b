import AppSync

/// One mutation as it goes to the server.
public enum PropertyMutation: Sendable, Equatable {
    case create(RealEstateProperty)
    /// The fields to set, with the `_version` they were made against.
    case update(id: String, RealEstatePropertyPatch, version: Int?)
    case delete(id: String, version: Int?)
}

/// One page of `syncRealEstateProperties` (the same connection type as the list query).
public struct PropertyPage: Sendable, Equatable, Decodable {
    public var items: [RealEstateProperty?]
    public var nextToken: String?
    public var startedAt: Int64?

    public init(items: [RealEstateProperty], nextToken: String? = nil, startedAt: Int64? = nil) {
        self.items = items
        self.nextToken = nextToken
        self.startedAt = startedAt
    }
}

/// What `RealEstatePropertyList` needs from the server. `AppSyncPropertyAPI` is the
/// real one; unit tests of the list use a scripted one.
public protocol PropertyAPI: Sendable {
    func get(id: String) async throws(AppSyncFailure) -> RealEstateProperty?
    /// The record as the server has it after the mutation (a tombstone after a delete).
    func send(_ mutation: PropertyMutation) async throws(AppSyncFailure) -> RealEstateProperty
    /// The cheapest request the server answers: is it back?
    func probe() async throws(AppSyncFailure)
    /// One page of AppSync's delta sync: records changed since `lastSync` (epoch ms),
    /// tombstones included; every record when `lastSync` is nil (the base query).
    func syncPage(limit: Int, nextToken: String?, lastSync: Int64?) async throws(AppSyncFailure) -> PropertyPage
}
