/// Which of AppSync's two dialects the documents are for (the app learns it from the API):
/// `versioned` has conflict detection (`_version`, `_deleted`, `_lastChangedAt`, the sync
/// query); `plain` is what Amplify Gen 2 deploys (none of those; writes carry a `condition`).
public enum DocumentDialect: String, Sendable, Hashable, Codable {
    case versioned, plain
}

/// One GraphQL operation: its text, its name, and the root field its answer is under.
public struct GraphQLDocument: Sendable, Hashable {
    public var operationName: String
    public var text: String
    public var field: String

    public init(operationName: String, text: String, field: String) {
        self.operationName = operationName
        self.text = text
        self.field = field
    }
}

/// The three mutations (and the subscriptions that follow them).
public enum MutationKind: String, Sendable, Hashable, CaseIterable {
    case create, update, delete

    /// `Create`, `Update`, `Delete`, as operation and type names use it.
    var capitalized: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }
}
