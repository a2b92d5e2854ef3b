import AmplifyModels
import GRDB
import GraphQL
import JSONValues

/// A secondary index's query (`transactionsByCategory(category:, date:, sortDirection:, filter:,
/// limit:, nextToken:)`), as the index transformer's resolver runs it: a DynamoDB Query of the
/// index, one partition in sort key order (ascending unless `DESC`), narrowed by the sort key
/// condition, `limit` counting the items read before the `filter`, as `list` does. On the
/// versioned dialect a tombstone is still in its partition and answered, as `list` answers it.
extension ModelOperations {
    func query(_ index: ModelIndex, _ args: Map, budget: RequestBudget?) async throws -> Page {
        let limit = try InputValidation(limits: limits).pageSize(args["limit"])
        let query = try ListKeyQuery.parse(args, index: index, model: model) { value, field in try checked(value, for: field, at: "") }
        let scope = "index:\(name):\(index.name):" + query.partitionText
        var after: (sortValue: DatabaseValue, keyText: String)?
        if let token = args["nextToken"].string {
            let decoded = try ModelPageToken(token: token, scope: scope, signer: signer)
            guard let sortText = decoded.afterSortKey, let sortValue = JSONValue(jsonText: Array(sortText.utf8)) else {
                throw AppSyncResolverError.invalidNextToken
            }
            after = (ItemKey.databaseValue(sortValue), decoded.afterKeyText)
        }
        let rows = try await Self.read(rows: limit, budget: budget) { [database, name, after] in
            try await database.indexPartition(
                model: name, index: index.name, partitionText: query.partitionText, condition: query.condition, descending: query.descending,
                after: after, limit: limit)
        }
        return Page(texts: filtered(rows, by: args["filter"], budget: budget), nextToken: nextToken(scope: scope, rows: rows, limit: limit, index: index))
    }

    /// A full page's token: after its last item, by that item's sort key in the index.
    private func nextToken(scope: String, rows: [ModelItemDatabase.Row], limit: Int, index: ModelIndex) -> String? {
        guard rows.count == limit, let last = rows.last, let item = last.item, let entry = ModelIndexEntries.entry(of: item, in: index) else { return nil }
        var token = ModelPageToken(scope: scope, after: last)
        token.afterSortKey = JSONWriter.sortedText(Self.jsonValue(entry.sortValue))
        return token.token(signedBy: signer)
    }

    /// A sort key column's value as JSON, read back by `ItemKey.databaseValue`.
    private static func jsonValue(_ value: DatabaseValue) -> JSONValue {
        switch value.storage {
        case .int64(let number): .int(number)
        case .double(let number): .double(number)
        case .string(let text): .string(text)
        default: .null
        }
    }
}
