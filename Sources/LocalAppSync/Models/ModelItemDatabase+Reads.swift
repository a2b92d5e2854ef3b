import GRDB

/// The models store's pages, each one index seek to its first row (page k costs one page):
/// a scan (every partition, in hash order), a query of one partition in sort-key order with a
/// key condition, the changes since a time (delta sync), and a parent's children through a
/// relation's index.
extension ModelItemDatabase {
    /// A sort key condition (`ModelStringKeyConditionInput` and its kin), as SQL over the
    /// `sortKey` column.
    enum SortCondition: Sendable {
        case eq(DatabaseValue), lt(DatabaseValue), le(DatabaseValue), gt(DatabaseValue), ge(DatabaseValue)
        case between(DatabaseValue, DatabaseValue)
        case beginsWith(String)

        /// The condition on `column` (the item table's, or an index's, sort key).
        func sql(column: String = "sortKey") -> (String, StatementArguments) {
            switch self {
            case .eq(let value): ("\(column) = ?", [value])
            case .lt(let value): ("\(column) < ?", [value])
            case .le(let value): ("\(column) <= ?", [value])
            case .gt(let value): ("\(column) > ?", [value])
            case .ge(let value): ("\(column) >= ?", [value])
            case .between(let low, let high): ("\(column) BETWEEN ? AND ?", [low, high])
            // The range lets SQLite seek; substr compares the prefix exactly (characters of text).
            case .beginsWith(let prefix): ("\(column) >= ? AND substr(\(column), 1, ?) = ?", [prefix, prefix.count, prefix])
            }
        }
    }

    func scan(model: String, after key: ItemKey?, limit: Int) async throws -> [Row] {
        let (sql, arguments) = Self.scanQuery(model: model, after: key, limit: limit)
        return try await rows(sql, arguments)
    }

    static func scanQuery(model: String, after key: ItemKey?, limit: Int) -> (String, StatementArguments) {
        // The row value lets SQLite seek on both columns of the index at once.
        ("SELECT \(Self.columns) FROM \(Self.table) WHERE model = ?" + (key == nil ? "" : " AND (scanKey, keyText) > (?, ?)")
            + " ORDER BY scanKey, keyText LIMIT ?",
         [model] + (key.map { [$0.scanKey, $0.text] } ?? []) + [limit])
    }

    func partition(
        model: String, partitionText: String, condition: SortCondition?, descending: Bool, after key: ItemKey?, limit: Int
    ) async throws -> [Row] {
        var sql = "SELECT \(Self.columns) FROM \(Self.table) WHERE model = ? AND partitionKey = ?"
        var arguments: StatementArguments = [model, partitionText]
        if let (clause, values) = condition?.sql() {
            sql += " AND " + clause
            arguments += values
        }
        if let key {
            // A sort key is unique within its partition: it alone says where the page starts.
            sql += descending ? " AND sortKey < ?" : " AND sortKey > ?"
            arguments += [key.sortValue]
        }
        sql += descending ? " ORDER BY sortKey DESC LIMIT ?" : " ORDER BY sortKey LIMIT ?"
        arguments += [limit]
        return try await rows(sql, arguments)
    }

    /// Items written at or after `since`, in write order (a delta sync), after `cursor`.
    func changes(model: String, since: Int64, after cursor: (writtenAt: Int64, keyText: String)?, limit: Int) async throws -> [Row] {
        let (sql, arguments) = Self.changesQuery(model: model, since: since, after: cursor, limit: limit)
        return try await rows(sql, arguments)
    }

    static func changesQuery(model: String, since: Int64, after cursor: (writtenAt: Int64, keyText: String)?, limit: Int) -> (String, StatementArguments) {
        let start = cursor.map { ($0.writtenAt, $0.keyText) } ?? (since, "")
        return ("SELECT \(Self.columns) FROM \(Self.table) WHERE model = ? AND (writtenAt, keyText) > (?, ?) ORDER BY writtenAt, keyText LIMIT ?",
                [model, start.0, start.1, limit])
    }

    /// The items of `model` whose `relation` fields hold `valueText`, in key order.
    func children(model: String, relation: String, valueText: String, descending: Bool, after keyText: String?, limit: Int) async throws -> [Row] {
        var sql = """
            SELECT i.keyText AS keyText, i.item AS item, i.writtenAt AS writtenAt FROM \(Self.referenceTable) r
            JOIN \(Self.table) i ON i.model = r.model AND i.keyText = r.keyText
            WHERE r.model = ? AND r.relation = ? AND r.valueText = ?
            """
        var arguments: StatementArguments = [model, relation, valueText]
        if let keyText {
            sql += descending ? " AND r.keyText < ?" : " AND r.keyText > ?"
            arguments += [keyText]
        }
        sql += descending ? " ORDER BY r.keyText DESC LIMIT ?" : " ORDER BY r.keyText LIMIT ?"
        arguments += [limit]
        return try await rows(sql, arguments)
    }

    /// SQLite's plan for a query, one line per step: for the tests that keep pages off scans.
    func plan(_ sql: String, _ arguments: StatementArguments) async throws -> [String] {
        try await pool.read { db in try GRDB.Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: arguments).map { $0["detail"] } }
    }

    /// A page's rows through the connection's cached statement, each item's text copied once,
    /// straight from SQLite's buffer into the row (no `String`, no GRDB row copied first).
    func rows(_ sql: String, _ arguments: StatementArguments) async throws -> [Row] {
        try await pool.read { db in
            let cursor = try GRDB.Row.fetchCursor(db.cachedStatement(sql: sql), arguments: arguments)
            var rows: [Row] = []
            while let row = try cursor.next() {
                guard let keyText = row[0] as String?,
                      let text = try row.withUnsafeData(atIndex: 1, { $0.map(Array.init) }) else { continue }
                rows.append(Row(keyText: keyText, writtenAt: row[2], text: text))
            }
            return rows
        }
    }
}
