import PropertyRules

/// The limits the server enforces; each is answered with a clear GraphQL error.
public struct ServerLimits: Sendable, Equatable {
    /// Largest request body accepted, in bytes.
    public var maxBodyBytes: Int
    /// Deepest selection nesting accepted, through fragments (root fields are depth 1): AppSync's
    /// configurable query depth limit (1 to 75).
    public var maxQueryDepth: Int
    /// Most tokens a document may hold: graphql-java's parser default (`maxTokens`, 15,000), which
    /// AppSync's engine applies. Counted before the document is parsed.
    public var maxTokens: Int
    /// Deepest nesting of `{`, `[` and `(` in a document, and of selections through fragments; of
    /// arrays and objects in a request's JSON. graphql-java stops its parser at a rule depth of 500
    /// (about three rules per level); this bound keeps the library's recursive parser, validator
    /// and executor far from the end of a thread's stack. Checked before the document is parsed.
    public var maxNesting: Int
    /// Most fields a document may select once its fragments are expanded (counted per fragment,
    /// so a fragment spread twice in each of 40 fragments is refused in 40 steps, not 2^40).
    public var maxSelectedFields: Int
    /// Most characters GraphQLSwift may need to print the document's value literals in its
    /// validation errors: a literal's size, doubled at each level of list or object nesting
    /// (the printer prints a long list or object twice). Bounds the work before validation.
    public var maxLiteralCost: Int
    /// Largest `limit` a list or sync page may ask for.
    public var maxPageSize: Int
    /// The page size when a query gives no `limit` (AppSync's default).
    public var defaultPageSize: Int
    /// Longest `name`, in characters.
    public var maxNameLength: Int
    /// Longest `address`, in characters.
    public var maxAddressLength: Int
    /// Most resolver invocations one request may cause: AppSync's `resolverCountLimit`, 10,000
    /// unless configured. The ones past it answer `ResolverExecutionLimitReached` without running.
    public var maxResolversPerRequest: Int
    /// How long one query or mutation may run: AppSync's 30 s execution limit. Past it the
    /// request is answered `ExecutionTimeout` at once and its work is cancelled.
    public var executionTimeout: Duration
    /// The largest answer one request may build, in (estimated) bytes of JSON. List and sync
    /// pages, and introspection values, past it answer an error instead, so a request of many
    /// large pages or `__schema` aliases is cut off before it holds them all in memory.
    public var maxResponseBytes: Int
    /// Most values introspection (`__schema`, `__type`) may resolve for one request: a few times
    /// what the full introspection query needs. Its values are small as JSON but large while the
    /// library builds them (a few hundred `__schema` aliases took gigabytes), so they have a
    /// bound of their own besides `maxResponseBytes`.
    public var maxIntrospectionValues: Int

    public init(
        maxBodyBytes: Int = 1 << 20, maxQueryDepth: Int = 15, maxTokens: Int = 15_000, maxNesting: Int = 128,
        maxSelectedFields: Int = 10_000, maxLiteralCost: Int = 1 << 20, maxPageSize: Int = 1000, defaultPageSize: Int = 100,
        maxNameLength: Int = PropertyLimits.maximumNameLength, maxAddressLength: Int = PropertyLimits.maximumAddressLength,
        maxResolversPerRequest: Int = 10_000, executionTimeout: Duration = .seconds(30), maxResponseBytes: Int = 5 << 20,
        maxIntrospectionValues: Int = 10_000
    ) {
        self.maxBodyBytes = maxBodyBytes
        self.maxQueryDepth = maxQueryDepth
        self.maxTokens = maxTokens
        self.maxNesting = maxNesting
        self.maxSelectedFields = maxSelectedFields
        self.maxLiteralCost = maxLiteralCost
        self.maxPageSize = maxPageSize
        self.defaultPageSize = defaultPageSize
        self.maxNameLength = maxNameLength
        self.maxAddressLength = maxAddressLength
        self.maxResolversPerRequest = maxResolversPerRequest
        self.executionTimeout = executionTimeout
        self.maxResponseBytes = maxResponseBytes
        self.maxIntrospectionValues = maxIntrospectionValues
    }
}
