import PropertyRules

/// The limits the server enforces; each is answered with a clear GraphQL error.
public struct ServerLimits: Sendable, Equatable {
    /// Largest request body accepted, in bytes.
    public var maxBodyBytes: Int
    /// Deepest selection nesting accepted (root fields are depth 1).
    public var maxQueryDepth: Int
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
    /// pages past it answer an error instead of their rows, so a request of many large pages is
    /// cut off before it holds them all in memory.
    public var maxResponseBytes: Int

    public init(
        maxBodyBytes: Int = 1 << 20, maxQueryDepth: Int = 15, maxPageSize: Int = 1000, defaultPageSize: Int = 100,
        maxNameLength: Int = PropertyLimits.maximumNameLength, maxAddressLength: Int = PropertyLimits.maximumAddressLength,
        maxResolversPerRequest: Int = 10_000, executionTimeout: Duration = .seconds(30), maxResponseBytes: Int = 5 << 20
    ) {
        self.maxBodyBytes = maxBodyBytes
        self.maxQueryDepth = maxQueryDepth
        self.maxPageSize = maxPageSize
        self.defaultPageSize = defaultPageSize
        self.maxNameLength = maxNameLength
        self.maxAddressLength = maxAddressLength
        self.maxResolversPerRequest = maxResolversPerRequest
        self.executionTimeout = executionTimeout
        self.maxResponseBytes = maxResponseBytes
    }
}
