import JSONValues

/// What a secondary index's query adds to the API: a query field of its own (beside every
/// model's `get`, `list` and `sync`), whose arguments are the index's key fields beside
/// `sortDirection`, `filter`, `limit` and `nextToken`. Two indexes answering to one query
/// field, or an index query named like another query, would give a schema no server builds;
/// two indexes of one name, a table DynamoDB would refuse.
extension GeneratedNames {
    static func checkIndexQueries(_ models: [Entry<AmplifyModel>]) throws(JSONReadError) {
        var queries: [String: String] = [:]
        for entry in models {
            let model = entry.value
            queries["get" + model.name] = "the get query of models.\(model.name)"
            queries["list" + model.pluralName] = "the list query of models.\(model.name)"
            queries["sync" + model.pluralName] = "the sync query of models.\(model.name)"
        }
        for entry in models {
            let path: [JSONPathComponent] = [.key("models"), .key(entry.key), .key("attributes")]
            var names = Set<String>()
            for index in entry.value.indexes {
                // DynamoDB names a table's indexes apart (and the server keeps their rows by name).
                guard names.insert(index.name).inserted else { throw problem("a second index named \(index.name)", at: path) }
                guard let queryField = index.queryField else { continue }
                if let holder = queries[queryField] {
                    throw problem("the query field \(queryField) of the index \(index.name) is taken: it is \(holder); give the index another queryField", at: path)
                }
                queries[queryField] = "the query of the index \(index.name) of models.\(entry.value.name)"
                if index.sortKeys.count > 1, !GraphQLName.isValid(index.name) {
                    // The composite sort key's input types are named for the index.
                    throw problem("the index \(DescriptionText.quoted(index.name)) has several sort keys, and its name is not a GraphQL name for its inputs", at: path)
                }
                var arguments: Set<String> = ["filter", "limit", "nextToken", "sortDirection"]
                for argument in [index.partitionKey] + (ModelIndex.sortArgumentName(index.sortKeys).map { [$0] } ?? []) {
                    guard arguments.insert(argument).inserted else {
                        throw problem(
                            "the index \(index.name)'s key field \(argument) would be a second argument \(argument) of \(queryField): give the field another name",
                            at: path)
                    }
                }
            }
        }
    }
}
