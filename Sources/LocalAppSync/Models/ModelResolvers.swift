import AmplifyModels
import GraphQL

/// The resolvers of `serve --models`: per model `get<Model>`, `list<Plural>` (and on the
/// versioned dialect `sync<Plural>`), each secondary index's query, the three mutations (injected failures first, then the
/// write, then the realtime event limited to what the mutation selected), the subscriptions,
/// and the relation fields (`ModelRelations`). Every resolver counts against the request's
/// budget before it works, as the sample's do (`ServedResolvers.start`).
struct ModelResolvers {
    let operations: [ModelOperations]
    let schema: ModelSchema
    let hub: SubscriptionHub
    let faults: FaultSettings

    var served: ServedResolvers {
        var queries: [String: GraphQLFieldResolve] = [:]
        var mutations: [String: GraphQLFieldResolve] = [:]
        for model in operations {
            let name = model.model.name
            queries["get" + name] = { _, args, context, info in
                let budget = try ServedResolvers.start(context)
                return Self.answer(try await model.get(args), budget: budget, info: info)
            }
            queries["list" + model.model.pluralName] = { _, args, context, info in
                let budget = try ServedResolvers.start(context)
                return try Self.answer(try await model.list(args, budget: budget), budget: budget, info: info)
            }
            for index in model.model.indexes {
                guard let queryField = index.queryField else { continue }
                queries[queryField] = { _, args, context, info in
                    let budget = try ServedResolvers.start(context)
                    return try Self.answer(try await model.query(index, args, budget: budget), budget: budget, info: info)
                }
            }
            if model.versioned {
                queries["sync" + model.model.pluralName] = { _, args, context, info in
                    let budget = try ServedResolvers.start(context)
                    return try Self.answer(try await model.sync(args, budget: budget), budget: budget, info: info)
                }
            }
            mutations["create" + name] = mutation { try await model.create($0) }
            mutations["update" + name] = mutation { try await model.update($0) }
            mutations["delete" + name] = mutation { try await model.delete($0) }
        }
        let hub = hub
        let byName = Dictionary(uniqueKeysWithValues: operations.map { ($0.name, $0) })
        return ServedResolvers(
            queries: queries, mutations: mutations,
            subscribe: { mutations in { _, args, _, _ in hub.subscribe(to: mutations, filter: SubscriptionHub.filter(of: args)) } },
            recordTypes: operations.map(\.model.name),
            fields: ModelRelations(operations: byName, schema: schema).resolvers,
            capturing: Set(queries.keys))
    }

    /// A record as the library reads it, or (on the fast path, `FastPagePlan`) left in the
    /// request's capture, with an empty object for the library, which selects only `__typename` under it.
    static func answer(_ item: ModelItem?, budget: RequestBudget?, info: GraphQLResolveInfo) -> [String: any Sendable]? {
        guard let capture = budget?.capture else { return item?.resolverSource }
        capture.keep(.record(item), forKey: responseKey(info))
        return item.map { _ in [:] }
    }

    /// A page, likewise; charged first for the copies its aliases make (`PageAnswerCost`),
    /// before any of it is built.
    static func answer(_ page: ModelOperations.Page, budget: RequestBudget?, info: GraphQLResolveInfo) throws -> [String: any Sendable] {
        if let budget, let cost = budget.pageCosts[responseKey(info)] { try budget.charge(bytes: cost.extraBytes(for: page)) }
        guard let capture = budget?.capture else { return page.resolverSource }
        capture.keep(.page(page), forKey: responseKey(info))
        return [:]
    }

    static func responseKey(_ info: GraphQLResolveInfo) -> String {
        info.fieldASTs.first?.alias?.value ?? info.fieldName
    }

    private func mutation(_ write: @Sendable @escaping (Map) async throws -> ModelItem) -> GraphQLFieldResolve {
        let (hub, faults) = (hub, faults)
        return { _, args, context, info in
            try ServedResolvers.start(context)
            if faults.shouldFailMutation() { throw AppSyncResolverError.injectedFailure(rate: faults.values.failRate) }
            let item = try await write(args)
            let selected = SelectionSets.selectedFieldNames(under: info.fieldASTs, fragments: info.fragments)
            hub.publish(mutation: info.fieldName, limitedFields: item.filterFields(limitedTo: selected), source: item.resolverSource(limitedTo: selected))
            return item.resolverSource
        }
    }
}
