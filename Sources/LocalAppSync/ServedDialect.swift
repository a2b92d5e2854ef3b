/// Which AppSync API the server plays, for the sample and for your own models alike: the same
/// protocol, a schema and resolvers that differ (see docs/protocol.md).
public enum ServedDialect: String, CaseIterable, Sendable, CustomStringConvertible {
    /// The DataStore-era API with conflict detection: `_version`, `_deleted`, `_lastChangedAt`,
    /// `syncRealEstateProperties`, soft deletes. What the app's own embedded server plays.
    case versioned
    /// What Amplify Gen 2 deploys: no conflict detection, DynamoDB semantics (scan order, no
    /// tombstones, `ConditionalCheckFailedException` on any failed condition).
    case gen2

    public var description: String { rawValue }
}
