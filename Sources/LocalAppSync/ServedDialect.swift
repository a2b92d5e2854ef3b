/// Which AppSync API the server plays. Both serve `RealEstateProperty` over the same protocol;
/// they differ in schema and in what the resolvers do (see docs/protocol.md).
public enum ServedDialect: String, CaseIterable, Sendable, CustomStringConvertible {
    /// The DataStore-era API with conflict detection: `_version`, `_deleted`, `_lastChangedAt`,
    /// `syncRealEstateProperties`, soft deletes. What the app's own embedded server plays.
    case versioned
    /// What Amplify Gen 2 deploys: no conflict detection, DynamoDB semantics (scan order, no
    /// tombstones, `ConditionalCheckFailedException` on any failed condition).
    case gen2

    public var description: String { rawValue }

    /// The SDL served.
    var sdl: String {
        switch self {
        case .versioned: AppSyncSchema.sdl
        case .gen2: AppSyncSchema.gen2SDL
        }
    }

    /// Each dialect keeps its own SQLite file in the data directory, so one folder can serve
    /// either without the other's rows (which carry different semantics) showing up in it. The
    /// versioned file keeps the name it has always had.
    var databaseFileName: String {
        switch self {
        case .versioned: "proptui-server.sqlite"
        case .gen2: "proptui-server-gen2.sqlite"
        }
    }
}
