import AmplifyModels
import AppSync
import ModelFilters

/// The request of one page of a view: a filter's records asked of the server the way its plan
/// (`FilterPlan`) says, so that the server reads what the filter needs and no more.
///
/// - A key lookup is the model's `get`: a page of the one record or none, with no next page.
///   The rest of the filter is not sent (`get` takes no filter): whoever shows the page judges
///   the record by the whole filter.
/// - A query reads one partition in key order (`ModelDocuments.partitionQuery`): the partition
///   key's value, the sort key's condition, the rest of the filter as the query's `filter`. A key
///   of several sort fields takes one condition on all of them together, compared as their joined
///   text, which a condition on the first field alone cannot be written as (`date >= X` is not
///   `date#amount >= X#…` for any suffix the text could have); so there the condition goes into
///   the `filter` instead, and the whole partition is read.
/// - A scan is `list<Plural>` with the whole filter.
///
/// Each value is written as the filter writes it (`FilterFields.wireValue`, `graphQLInput`).
public struct ViewRequest: Sendable, Equatable {
    /// What the answer's field holds.
    public enum Answer: Sendable, Equatable {
        /// `get<Model>`'s record, or null.
        case record
        /// A connection: `items` and `nextToken`.
        case page
    }

    public let request: GraphQLRequest
    /// The root field the answer is under.
    public let field: String
    public let answer: Answer

    /// The request of the page of `plan` over the model of `documents` that `nextToken` starts
    /// (nil: the first), at most `limit` items read (a filtered page may hold fewer, or none, and
    /// still go on). A key lookup has one page: it takes no token.
    public init(_ plan: FilterPlan, documents: ModelDocuments, limit: Int, nextToken: String?) {
        let fields = FilterFields(model: documents.model, schema: documents.schema)
        let paging: [String: JSONValue] = ["limit": .int(Int64(limit)), "nextToken": JSONValue(nextToken)]
        switch plan {
        case .keyLookup(let lookup):
            self.init(documents.get, variables: documents.getVariables(lookup.key), answer: .record)
        case .query(let query):
            guard let document = documents.partitionQuery(of: query.index), case .equal(let partition) = query.partition.condition else {
                // Not a query this API answers (no plan makes one): the same filter, scanned.
                self.init(scanning: query.wholeFilter, documents: documents, fields: fields, paging: paging)
                return
            }
            let sortKeys = query.index?.sortKeys ?? documents.model.primaryKey.sortKeys
            var filter = query.rest?.conjuncts ?? []
            var variables = paging
            variables["partition"] = fields.wireValue(partition, of: query.partition.field)
            if let sortKey = query.sortKey {
                if sortKeys.count == 1 {
                    variables["sortKey"] = sortKey.graphQLInput(fields)
                } else {
                    filter.insert(.clause(sortKey), at: 0)
                }
            }
            variables["filter"] = FilterExpression.all(filter)?.graphQLFilter(fields) ?? .null
            self.init(document, variables: variables, answer: .page)
        case .scan(let filter):
            self.init(scanning: filter, documents: documents, fields: fields, paging: paging)
        }
    }

    private init(_ document: GraphQLDocument, variables: [String: JSONValue], answer: Answer) {
        request = GraphQLRequest(query: document.text, variables: variables, operationName: document.operationName)
        field = document.field
        self.answer = answer
    }

    /// `list<Plural>(filter:)`: every item read, the server keeping those `filter` selects.
    private init(scanning filter: FilterExpression, documents: ModelDocuments, fields: FilterFields, paging: [String: JSONValue]) {
        var variables = paging
        variables["filter"] = filter.graphQLFilter(fields)
        self.init(documents.list, variables: variables, answer: .page)
    }
}

extension FilterPlan.KeyQuery {
    /// The filter the query stands for: the partition's clause, the sort key's, and the rest.
    var wholeFilter: FilterExpression {
        let terms = [FilterExpression.clause(partition)] + (sortKey.map { [.clause($0)] } ?? []) + (rest?.conjuncts ?? [])
        return FilterExpression.all(terms) ?? .clause(partition)
    }
}
