import Foundation

/// Where a page of one of your models starts, served as a signed, opaque `nextToken`. `scope`
/// says what the token pages (a model's scan, one partition, a delta sync, a parent's
/// children, an index's partition), and a token is refused by anything else, as AppSync refuses
/// a token it did not issue; the rest is DynamoDB's `LastEvaluatedKey` (the key, for a delta its
/// write time, for an index the item's sort key there).
struct ModelPageToken: Codable, Equatable, Sendable {
    var scope: String
    var afterKeyText: String
    /// A secondary index's page: the last item's sort key in the index (its JSON text), which
    /// with the key says where the next page starts (sort keys repeat in an index).
    var afterSortKey: String?
    var afterWrittenAt: Int64?
    /// A sync's first `startedAt`, answered by every page of that sync.
    var startedAt: Int64?
    /// A delta sync's `lastSync`, kept so later pages need not repeat it.
    var lastSync: Int64?

    func token(signedBy signer: PageTokenSigner) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return signer.seal((try? encoder.encode(self)) ?? Data())
    }

    init(scope: String, after row: ModelItemDatabase.Row, startedAt: Int64? = nil, lastSync: Int64? = nil) {
        self.scope = scope
        afterKeyText = row.keyText
        afterWrittenAt = lastSync == nil ? nil : row.writtenAt
        self.startedAt = startedAt
        self.lastSync = lastSync
    }

    init(token: String, scope: String, signer: PageTokenSigner) throws(AppSyncResolverError) {
        try self.init(token: token, scopes: [scope], signer: signer)
    }

    init(token: String, scopes: Set<String>, signer: PageTokenSigner) throws(AppSyncResolverError) {
        guard let decoded = try? JSONDecoder().decode(ModelPageToken.self, from: signer.open(token)), scopes.contains(decoded.scope) else {
            throw .invalidNextToken
        }
        self = decoded
    }

    var afterKey: ItemKey? { ItemKey(text: afterKeyText) }

    /// The page's token when it read all it could (`limit` rows), as DynamoDB answers a
    /// `LastEvaluatedKey` whenever a page is full, even if nothing follows.
    static func next(
        scope: String, rows: [ModelItemDatabase.Row], limit: Int, signer: PageTokenSigner, startedAt: Int64? = nil, lastSync: Int64? = nil
    ) -> String? {
        guard rows.count == limit, let last = rows.last else { return nil }
        return ModelPageToken(scope: scope, after: last, startedAt: startedAt, lastSync: lastSync).token(signedBy: signer)
    }
}
