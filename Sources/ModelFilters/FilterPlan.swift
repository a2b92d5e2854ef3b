import AmplifyModels

/// How a filter will run against the server, and what it costs, said before it is sent, as
/// dynamo-browse says it:
/// - **key lookup**: the filter pins every field of the primary key with `=`: one `get`, and
///   whatever else the filter says checked on the one record;
/// - **query**: it pins a partition key (the primary key's, when it has sort keys, or an
///   index's) with `=`: one partition is read, in key order, narrowed by a condition on the first
///   sort key when the filter has one (`=`, `<`, `<=`, `>`, `>=`, `between`, `^=`), the rest of
///   the filter the query's `filter`;
/// - **scan**: anything else: the server reads every item and filters each.
public enum FilterPlan: Sendable, Hashable {
    case keyLookup(KeyLookup)
    case query(KeyQuery)
    case scan(filter: FilterExpression)

    public struct KeyLookup: Sendable, Hashable {
        /// The record's key, for `get`.
        public var key: RecordKey
        /// What the filter asks besides the key, to check on the record read; nil for nothing.
        public var rest: FilterExpression?

        public init(key: RecordKey, rest: FilterExpression?) {
            self.key = key
            self.rest = rest
        }
    }

    public struct KeyQuery: Sendable, Hashable {
        /// The index queried; nil for the model's primary key (`list<Plural>(partitionKey: …)`).
        public var index: ModelIndex?
        /// The partition key's field and the value it is pinned to.
        public var partition: FilterClause
        /// The condition on the first sort key, when the filter has one.
        public var sortKey: FilterClause?
        /// The query's `filter`: the clauses besides the key's; nil for none.
        public var rest: FilterExpression?

        public init(index: ModelIndex?, partition: FilterClause, sortKey: FilterClause?, rest: FilterExpression?) {
            self.index = index
            self.partition = partition
            self.sortKey = sortKey
            self.rest = rest
        }
    }

    /// The plan for `filter` over `model`'s records, with secondary `indexes` (nil: the model's
    /// own, as its description gives them); an index without a query field is never planned.
    /// Where several keys are pinned, the primary key goes first, then the indexes in their
    /// order, and a key whose sort key is narrowed too wins over one that is not.
    public static func plan(_ filter: FilterExpression, model: AmplifyModel, indexes: [ModelIndex]? = nil) -> FilterPlan {
        let indexes = (indexes ?? model.indexes).filter(\.isQueryable)
        let terms = filter.conjuncts
        let key = model.primaryKey
        var pinned: [String: (term: Int, value: ModelValue)] = [:]
        for (place, term) in terms.enumerated() {
            if case .clause(let clause) = term, case .equal(let value) = clause.condition, pinned[clause.field] == nil {
                pinned[clause.field] = (place, value)
            }
        }
        if key.fields.allSatisfy({ pinned[$0] != nil }),
           let record = RecordKey(values: pinned.mapValues(\.value), of: model)
        {
            let used = Set(key.fields.compactMap { pinned[$0]?.term })
            return .keyLookup(KeyLookup(key: record, rest: FilterExpression.all(remove(used, from: terms))))
        }
        var queries: [KeyQuery] = []
        let candidates: [(ModelIndex?, String, [String])] =
            (key.isComposite ? [(nil, key.partitionKey, key.sortKeys)] : []) + indexes.map { ($0, $0.partitionKey, $0.sortKeys) }
        for (index, partition, sortKeys) in candidates {
            guard let pin = pinned[partition] else { continue }
            // DynamoDB leaves an item without one of an index's key fields out of the index: a
            // query of it would miss the records the filter keeps that lack an optional sort key.
            if index != nil, !sortKeys.allSatisfy({ model.field(named: $0)?.isRequired == true || requiresAValue($0, in: terms) }) { continue }
            let sort = sortKeys.first.flatMap { sortCondition(on: $0, in: terms) }
            var used: Set = [pin.term]
            if let sort { used.insert(sort.term) }
            queries.append(
                KeyQuery(
                    index: index, partition: FilterClause(field: partition, condition: .equal(pin.value)), sortKey: sort?.clause,
                    rest: FilterExpression.all(remove(used, from: terms))))
        }
        if let query = queries.first(where: { $0.sortKey != nil }) ?? queries.first { return .query(query) }
        return .scan(filter: filter)
    }

    /// Whether a term of the filter keeps only records where `field` holds a value (any clause
    /// on it but `!=` and `!exists`, which a missing value satisfies).
    private static func requiresAValue(_ field: String, in terms: [FilterExpression]) -> Bool {
        terms.contains { term in
            guard case .clause(let clause) = term, clause.field == field else { return false }
            switch clause.condition {
            case .notEqual, .notExists: return false
            default: return true
            }
        }
    }

    /// The first term that is a key condition DynamoDB takes on the sort key `field`.
    private static func sortCondition(on field: String, in terms: [FilterExpression]) -> (term: Int, clause: FilterClause)? {
        for (place, term) in terms.enumerated() {
            guard case .clause(let clause) = term, clause.field == field else { continue }
            switch clause.condition {
            case .equal, .less, .lessOrEqual, .greater, .greaterOrEqual, .between, .beginsWith: return (place, clause)
            default: continue
            }
        }
        return nil
    }

    private static func remove(_ used: Set<Int>, from terms: [FilterExpression]) -> [FilterExpression] {
        terms.enumerated().filter { !used.contains($0.offset) }.map(\.element)
    }

    /// What the prompt says before ⏎: `key lookup`, `query byCategory (category = food, date >
    /// 2026-01-01)`, `scan (the server filters every item)`.
    public var summary: String {
        switch self {
        case .keyLookup(let lookup):
            return lookup.rest == nil ? "key lookup" : "key lookup (the rest is checked on the record)"
        case .query(let query):
            let conditions = [query.partition] + (query.sortKey.map { [$0] } ?? [])
            let name = query.index?.name ?? "primary key"
            let rest = query.rest == nil ? "" : ", the server filters the partition"
            return "query \(name) (" + conditions.map(\.description).joined(separator: ", ") + ")" + rest
        case .scan:
            return "scan (the server filters every item)"
        }
    }
}
