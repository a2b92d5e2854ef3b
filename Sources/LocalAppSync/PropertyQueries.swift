import GraphQL

/// The read side: `get`, `list` and `sync`, with DynamoDB's scan-then-filter paging (a page
/// scans `limit` records and returns those that pass the filter, so it may hold fewer).
struct PropertyQueries: Sendable {
    let database: PropertyDatabase
    let limits: ServerLimits
    let signer: PageTokenSigner

    func get(_ args: Map) async throws -> PropertyRecord? {
        guard let id = args["id"].string else { return nil }
        return try await database.record(id: id)
    }

    func list(_ args: Map, budget: RequestBudget?) async throws -> PropertyPage {
        try await page(args, query: "list", changedSince: nil, startedAt: nil, budget: budget)
    }

    func sync(_ args: Map, budget: RequestBudget?) async throws -> PropertyPage {
        // startedAt is taken before the scan: a write racing the scan lands at or after it,
        // so the next delta sync (lastChangedAt >= startedAt) picks it up.
        let startedAt = database.clock.syncStart()
        let lastSync = args["lastSync"].isNumber ? Int64(args["lastSync"].double ?? 0) : nil
        return try await page(args, query: "sync", changedSince: lastSync, startedAt: startedAt, budget: budget)
    }

    /// One page, within the request's `budget`: its size is reserved before it is read and
    /// settled after, so a request of many pages is cut off before it holds them all.
    private func page(
        _ args: Map, query: String, changedSince: Int64?, startedAt: Int64?, budget: RequestBudget?
    ) async throws -> PropertyPage {
        let limit = try InputValidation(limits: limits).pageSize(args["limit"])
        var (startedAt, changedSince) = (startedAt, changedSince)
        var cursor: ScanCursor?
        if let token = args["nextToken"].string {
            let decoded = try PageToken(decoding: token, for: query, signer: signer)
            // A delta sync's pages are in change order, a full sync's in id order: an id-order
            // token cannot continue a delta. A delta token continues its delta even when a
            // client leaves `lastSync` out of later pages (the cursor's time bounds it).
            if let changedAt = decoded.afterChangedAt {
                changedSince = changedSince ?? changedAt
            } else if changedSince != nil {
                throw AppSyncResolverError.invalidNextToken
            }
            cursor = decoded.cursor
            startedAt = decoded.startedAt ?? startedAt
        }
        let reservation = try budget?.reservePage(rows: limit) ?? 0
        let records: [PropertyRecord], hasMore: Bool
        do {
            (records, hasMore) = try await database.scan(after: cursor, limit: limit, changedSince: changedSince)
        } catch {
            try? budget?.settle(reservation: reservation, bytes: 0)
            throw error
        }
        let filter = args["filter"]
        // Without a filter every row passes: no need to build each one's GraphQL value to check.
        let passing = filter.dictionary == nil ? records : records.filter { RecordFilter.matches(filter, fields: $0.map) }
        try budget?.settle(reservation: reservation, bytes: passing.reduce(0) { $0 + $1.estimatedJSONBytes })
        var nextToken: String?
        if hasMore, let last = records.last {
            let next = ScanCursor(id: last.id, changedAt: changedSince == nil ? nil : last.lastChangedAt)
            nextToken = PageToken(after: next, startedAt: startedAt, query: query).encoded(signedBy: signer)
        }
        return PropertyPage(records: passing, nextToken: nextToken, startedAt: startedAt)
    }
}
