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

    public init(
        maxBodyBytes: Int = 1 << 20, maxQueryDepth: Int = 15, maxPageSize: Int = 1000, defaultPageSize: Int = 100,
        maxNameLength: Int = PropertyLimits.maximumNameLength, maxAddressLength: Int = PropertyLimits.maximumAddressLength
    ) {
        self.maxBodyBytes = maxBodyBytes
        self.maxQueryDepth = maxQueryDepth
        self.maxPageSize = maxPageSize
        self.defaultPageSize = defaultPageSize
        self.maxNameLength = maxNameLength
        self.maxAddressLength = maxAddressLength
    }
}
