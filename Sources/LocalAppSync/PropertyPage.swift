/// One list or sync page as read: its records (those that passed the filter), the token of the
/// next page and the sync's start time. The library path turns it into the connection object
/// GraphQL execution reads; the fast path (`FastPagePlan`) renders the answer from it directly.
struct PropertyPage: Sendable {
    let records: [PropertyRecord]
    let nextToken: String?
    let startedAt: Int64?

    /// The page as the source object of `ModelRealEstatePropertyConnection` (absent keys are null).
    func resolverSource() -> [String: any Sendable] {
        var connection: [String: any Sendable] = ["items": records.map { $0.resolverSource() } as [any Sendable]]
        if let nextToken { connection["nextToken"] = nextToken }
        if let startedAt { connection["startedAt"] = Int(startedAt) }
        return connection
    }
}
