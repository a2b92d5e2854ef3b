import GraphQL

/// The read side: `get`, `list` and `sync`, with DynamoDB's scan-then-filter paging (a page
/// scans `limit` records and returns those that pass the filter, so it may hold fewer).
struct PropertyQueries: Sendable {
    let database: PropertyDatabase
    let limits: ServerLimits

    func get(_ args: Map) async throws -> (any Sendable)? {
        guard let id = args["id"].string else { return nil }
        return try await database.record(id: id)?.resolverSource()
    }

    func list(_ args: Map) async throws -> (any Sendable)? {
        try await page(args, query: "list", changedSince: nil, startedAt: nil)
    }

    func sync(_ args: Map) async throws -> (any Sendable)? {
        // startedAt is taken before the scan: a write racing the scan lands at or after it,
        // so the next delta sync (lastChangedAt >= startedAt) picks it up.
        let startedAt = database.clock.now()
        let lastSync = args["lastSync"].isNumber ? Int64(args["lastSync"].double ?? 0) : nil
        return try await page(args, query: "sync", changedSince: lastSync, startedAt: startedAt)
    }

    private func page(_ args: Map, query: String, changedSince: Int64?, startedAt: Int64?) async throws -> [String: any Sendable] {
        let limit = try pageSize(args["limit"])
        var startedAt = startedAt
        var afterID: String?
        if let token = args["nextToken"].string {
            let decoded = try PageToken(decoding: token, for: query)
            afterID = decoded.afterID
            startedAt = decoded.startedAt ?? startedAt
        }
        let (records, hasMore) = try await database.scan(afterID: afterID, limit: limit, changedSince: changedSince)
        let filter = args["filter"]
        let items: [any Sendable] = records.filter { RecordFilter.matches(filter, fields: $0.map) }.map { $0.resolverSource() }
        var connection: [String: any Sendable] = ["items": items]
        if hasMore, let last = records.last {
            connection["nextToken"] = PageToken(afterID: last.id, startedAt: startedAt, query: query).encoded
        }
        if let startedAt { connection["startedAt"] = Int(startedAt) }
        return connection
    }

    private func pageSize(_ limit: Map) throws(AppSyncResolverError) -> Int {
        guard let requested = limit.int else { return limits.defaultPageSize }
        guard requested >= 1 else { throw .validation("limit must be at least 1 (it was \(requested)).") }
        guard requested <= limits.maxPageSize else {
            throw .validation("limit \(requested) is larger than the largest page this server returns (\(limits.maxPageSize)).")
        }
        return requested
    }
}
