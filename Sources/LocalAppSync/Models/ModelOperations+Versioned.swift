import AmplifyModels
import GraphQL

/// The versioned (DataStore) dialect of your models, as AppSync's conflict detection does it
/// for every model, the sample's included: the server owns `_version` (1 on
/// create, one more on every write) and `_lastChangedAt`; an update or delete of a tombstone,
/// or made against another `_version`, is refused with `ConflictUnhandled` and the server's
/// record (OPTIMISTIC_CONCURRENCY) or merged into it (AUTOMERGE); a delete leaves a tombstone
/// (`_deleted: true`) that list and sync still answer; `sync<Plural>` reads everything (the
/// base query) or what changed since `lastSync` (the delta query), with `startedAt`.
extension ModelOperations {
    static func expectedVersion(_ args: Map) -> Int64? {
        args["input"]["_version"].int.map(Int64.init)
    }

    /// Whether the write conflicts (and may be merged); throws when it is refused.
    static func checkVersion(of current: ModelItem, in model: AmplifyModel, expected: Int64?, handler: ConflictHandler) throws -> Bool {
        guard let version = current.version else { return false }  // a Gen 2 write: no versions to compare
        if current.attributes["_deleted"] == .bool(true) { throw AppSyncResolverError.conflictUnhandled(serverItem: current.record(of: model)) }
        let isConflict = expected != version
        if isConflict, handler == .optimistic { throw AppSyncResolverError.conflictUnhandled(serverItem: current.record(of: model)) }
        return isConflict
    }

    func sync(_ args: Map, budget: RequestBudget?) async throws -> Page {
        // startedAt is taken before the read: a write racing it lands at or after it, so the
        // next delta (written at or after startedAt) picks it up.
        var startedAt = database.clock.syncStart()
        // 0 is no time at all: the base query, as Amplify's sync resolver reads it.
        var lastSync = args["lastSync"].int.map(Int64.init).flatMap { $0 > 0 ? $0 : nil }
        let limit = try InputValidation(limits: limits).pageSize(args["limit"])
        var after: ModelPageToken?
        if let token = args["nextToken"].string {
            // A delta's token continues its delta even when later pages leave `lastSync` out.
            let decoded = try ModelPageToken(token: token, scopes: ["sync:\(name)", "delta:\(name)"], signer: signer)
            if decoded.scope == "sync:\(name)", lastSync != nil { throw AppSyncResolverError.invalidNextToken }
            lastSync = decoded.lastSync ?? lastSync
            startedAt = decoded.startedAt ?? startedAt
            after = decoded
        }
        let scope = (lastSync == nil ? "sync:" : "delta:") + name
        let rows = try await Self.read(rows: limit, budget: budget) { [database, name] in
            if let lastSync {
                let cursor = after.flatMap { token in token.afterWrittenAt.map { ($0, token.afterKeyText) } }
                return try await database.changes(model: name, since: lastSync, after: cursor, limit: limit)
            }
            return try await database.scan(model: name, after: after?.afterKey, limit: limit)
        }
        let next = ModelPageToken.next(scope: scope, rows: rows, limit: limit, signer: signer, startedAt: startedAt, lastSync: lastSync)
        return Page(texts: filtered(rows, by: args["filter"], budget: budget), nextToken: next, startedAt: startedAt)
    }
}

extension ModelItem {
    var version: Int64? {
        if case .int(let version)? = attributes["_version"] { version } else { nil }
    }
}
